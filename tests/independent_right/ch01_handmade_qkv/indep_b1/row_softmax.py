import torch


def row_softmax(scores):
    """마지막 축을 따라 (줄마다) 손으로 계산한 softmax: 모양 그대로, 줄마다 합이 1."""
    # 1) 줄마다 가장 큰 값 찾기. keepdim=True 로 해야 빼기할 때 모양이 맞는다
    row_max = scores.amax(dim=-1, keepdim=True)

    # 최댓값을 빼 준다 -> 가장 큰 칸이 0 이 되어서 exp 가 넘치지 않음
    shifted = scores - row_max

    # 2) exp 하기
    exp_values = torch.exp(shifted)

    # 3) 줄의 합 구하기
    row_sum = exp_values.sum(dim=-1, keepdim=True)

    # 줄의 합으로 나누면 줄마다 합이 1
    weights = exp_values / row_sum

    return weights
