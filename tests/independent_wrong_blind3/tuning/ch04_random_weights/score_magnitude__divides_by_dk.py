# 실수: √d_k 가 아니라 d_k 로 나눔
# mistake: divides by d_k instead of √d_k
import math

import torch

def score_magnitude(Q, K):
    scores = Q @ K.transpose(-2, -1)
    d_k = Q.shape[-1]
    return scores.abs().mean().item(), (scores / d_k).abs().mean().item()
