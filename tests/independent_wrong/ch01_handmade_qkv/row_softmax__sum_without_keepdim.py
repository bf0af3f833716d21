# 실수: 줄의 합을 keepdim 없이 구해서 [..., S] 가 열 방향으로 브로드캐스트됩니다. 칸 (i, j) 가 줄 i 가 아니라 줄 j 의 합으로 나뉩니다.
# mistake: Sums the rows without keepdim=True, so the row sums broadcast along the wrong axis: entry (i, j) is divided by row j's sum, not row i's.
import torch

def row_softmax(scores):
    """마지막 축을 따라 (줄마다) 손으로 계산한 softmax: 모양 그대로, 줄마다 합이 1."""
    shifted = scores - scores.amax(dim=-1, keepdim=True)
    exps = torch.exp(shifted)
    return exps / exps.sum(dim=-1)
