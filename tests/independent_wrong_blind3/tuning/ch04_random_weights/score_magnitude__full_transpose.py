# 실수: K.T 로 모든 축을 뒤집어 배치 축이 붙으면 틀림
# mistake: uses K.T, which reverses every axis of a batched K
import math

import torch

def score_magnitude(Q, K):
    scores = Q @ K.T
    return scores.abs().mean().item(), (scores / math.sqrt(Q.shape[-1])).abs().mean().item()
