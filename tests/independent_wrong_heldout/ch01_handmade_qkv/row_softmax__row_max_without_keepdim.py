# 실수: 줄 최댓값을 keepdim 없이 구해 빼서, [..., S_q] 가 열 쪽으로 브로드캐스트됨 (줄 j 의 최댓값이 열 j 에서 빠짐)
# mistake: takes the row max without keepdim, so [..., S_q] broadcasts along the columns (row j's max is subtracted from column j)
import torch


def row_softmax(scores):
    """마지막 축을 따라 (줄마다) 손으로 계산한 softmax: 모양 그대로, 줄마다 합이 1."""
    biggest = scores.amax(dim=-1)  # 줄마다 최댓값
    e = torch.exp(scores - biggest)
    return e / e.sum(dim=-1, keepdim=True)
