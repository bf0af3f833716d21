def scale_scores(scores, d_k):
    return scores * d_k**-0.5
