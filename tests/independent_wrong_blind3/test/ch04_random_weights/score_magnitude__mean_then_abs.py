# 실수: 평균을 낸 뒤 절댓값 (abs 와 mean 순서가 바뀜)
# mistake: takes the mean first and the absolute value after
import math

import torch

def score_magnitude(Q, K):
    scores = Q @ K.transpose(-2, -1)
    scaled = scores / math.sqrt(Q.shape[-1])
    return scores.mean().abs().item(), scaled.mean().abs().item()
