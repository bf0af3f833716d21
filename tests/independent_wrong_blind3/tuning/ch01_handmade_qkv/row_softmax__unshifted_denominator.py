# 실수: 분자는 최댓값을 뺀 exp 인데 분모는 윗줄을 복사해 빼지 않은 exp 의 합
# mistake: the numerator is shifted but the copied denominator line sums the unshifted exp
import torch

def row_softmax(scores):
    row_max = scores.amax(dim=-1, keepdim=True)
    return torch.exp(scores - row_max) / torch.exp(scores).sum(dim=-1, keepdim=True)
