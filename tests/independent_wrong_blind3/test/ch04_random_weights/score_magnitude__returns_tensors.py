# 실수: .item() 없이 0차원 텐서 두 개를 돌려줌
# mistake: returns two 0-d tensors without .item()
import math

import torch

def score_magnitude(Q, K):
    scores = Q @ K.transpose(-2, -1)
    return scores.abs().mean(), (scores / math.sqrt(Q.shape[-1])).abs().mean()
