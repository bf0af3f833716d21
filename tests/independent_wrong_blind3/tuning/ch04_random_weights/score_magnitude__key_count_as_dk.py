# 실수: d_k 로 K 의 낱말 수 K.shape[-2] 를 씀
# mistake: uses the number of keys K.shape[-2] as d_k
import math

import torch

def score_magnitude(Q, K):
    scores = Q @ K.transpose(-2, -1)
    d_k = K.shape[-2]
    return scores.abs().mean().item(), (scores / math.sqrt(d_k)).abs().mean().item()
