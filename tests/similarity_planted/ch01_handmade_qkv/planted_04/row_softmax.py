import torch
def row_softmax(scores):
    """softmax 직접 구현 (줄 방향)"""
    row_max = scores.amax(dim=-1,keepdim=True)
    shifted = scores-row_max   # 최대가 0 이 되게
    exp_values = torch.exp(shifted)
    row_sum = exp_values.sum(dim=-1,keepdim=True)
    weights = exp_values/row_sum
    return weights
