# 실수: amax 와 sum 에서 keepdim=True 를 빼먹어 줄마다의 값이 [..., S_q] 모양이 되고, 빼기와 나누기에서 엉뚱한 축으로 퍼집니다 (정사각 표는 오류 없이 틀린 값, 아니면 오류).
# mistake: drops keepdim=True on amax and sum, so the per-row values broadcast along the wrong axis (silently wrong on square tables, an error otherwise).
import torch


def row_softmax(scores):
    """마지막 축을 따라 (줄마다) 손으로 계산한 softmax: 모양 그대로, 줄마다 합이 1."""
    row_max = scores.amax(dim=-1)
    exps = torch.exp(scores - row_max)
    return exps / exps.sum(dim=-1)
