import numpy as np


def scale_scores(scores, d_k):
    return scores / np.sqrt(d_k)
