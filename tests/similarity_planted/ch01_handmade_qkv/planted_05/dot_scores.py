def dot_scores(Q, K):
    # each query row against each key row -> scores[..., i, j]
    return Q.matmul(K.transpose(-1, -2))
