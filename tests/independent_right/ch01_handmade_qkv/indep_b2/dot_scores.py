def dot_scores(Q, K):
    return Q @ K.mT
