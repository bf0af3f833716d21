import torch


def row_softmax(scores):
    """마지막 축을 따라 (줄마다) 손으로 계산한 softmax: 모양 그대로, 줄마다 합이 1."""
    # 1단계: 줄마다 가장 큰 점수를 구합니다.
    #   keepdim=True 를 해야 모양이 [..., 1] 로 남아서 아래에서 줄마다 뺄 수 있습니다.
    max_of_each_row = scores.amax(dim=-1, keepdim=True)

    # 2단계: 모든 칸에서 그 줄의 최댓값을 빼고 exp 를 합니다.
    #   이렇게 하면 가장 큰 칸이 exp(0) = 1 이 되고 나머지는 1 보다 작아져서
    #   점수가 1000 이나 1e9 처럼 커도 inf 가 나오지 않습니다.
    #   -inf 칸은 exp(-inf) = 0 이 되므로 비율도 0 이 됩니다.
    shifted = scores - max_of_each_row
    exp_values = torch.exp(shifted)

    # 3단계: 줄의 합으로 나누면 줄마다 합이 1 인 비율표가 됩니다.
    row_total = exp_values.sum(dim=-1, keepdim=True)
    weight_table = exp_values / row_total
    return weight_table
