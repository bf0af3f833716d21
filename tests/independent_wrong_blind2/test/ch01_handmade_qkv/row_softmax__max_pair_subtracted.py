# 실수: scores.max(dim=-1, keepdim=True) 는 (값, 위치) 한 쌍을 돌려주므로 그대로 빼면 오류가 납니다. .values 를 꺼내거나 amax 를 쓰세요.
# mistake: scores.max(dim=-1, keepdim=True) returns a (values, indices) pair, and subtracting the pair raises an error; take .values or use amax.
import torch


def row_softmax(scores):
    """마지막 축을 따라 (줄마다) 손으로 계산한 softmax: 모양 그대로, 줄마다 합이 1."""
    row_max = scores.max(dim=-1, keepdim=True)
    exps = torch.exp(scores - row_max)
    return exps / exps.sum(dim=-1, keepdim=True)
