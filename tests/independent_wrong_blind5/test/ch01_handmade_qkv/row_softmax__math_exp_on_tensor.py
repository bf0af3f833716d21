# 실수: math.exp 에 텐서를 통째로 넘겨, 칸이 둘 이상이면 오류가 남
# mistake: passes the whole tensor to math.exp, which fails for more than one element
import math

import torch


def row_softmax(scores):
    """마지막 축을 따라 (줄마다) 손으로 계산한 softmax: 모양 그대로, 줄마다 합이 1."""
    shifted = scores - scores.amax(dim=-1, keepdim=True)
    exps = math.exp(shifted)
    return exps / exps.sum(dim=-1, keepdim=True)
