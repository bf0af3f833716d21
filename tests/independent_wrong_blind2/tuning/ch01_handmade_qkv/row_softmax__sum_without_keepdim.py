# 실수: 줄의 합에 keepdim=True 를 빠뜨려서, 합 [..., S] 가 나눌 때 열 방향으로 퍼집니다. 칸마다 자기 줄의 합으로 나뉘지 않습니다.
# mistake: keepdim=True is missing on the row sum, so the sums broadcast along the columns and cells are not divided by their own row's sum.
import torch


def row_softmax(scores):
    """마지막 축을 따라 (줄마다) 손으로 계산한 softmax: 모양 그대로, 줄마다 합이 1."""
    row_max = scores.amax(dim=-1, keepdim=True)
    exps = torch.exp(scores - row_max)
    return exps / exps.sum(dim=-1)
