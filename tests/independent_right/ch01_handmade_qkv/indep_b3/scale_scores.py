import numpy as np


def scale_scores(scores, d_k):
    """scores / √d_k: 모양은 그대로 [..., S_q, S_k]."""
    # elementwise, shape (..., S_q, S_k) in -> same shape out
    return scores / np.sqrt(d_k)
