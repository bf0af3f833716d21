import math


def scale_scores(scores, d_k):
    # step 2: shrink by sqrt of the key width, returns a fresh tensor
    return scores.div(math.sqrt(d_k))
