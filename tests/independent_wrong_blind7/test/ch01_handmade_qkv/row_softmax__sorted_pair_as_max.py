# 실수: `scores.sort(dim=-1)` 가 돌려주는 (values, indices) 쌍을 텐서처럼 잘라 최댓값으로 쓰므로 TypeError 가 납니다
# mistake: slices the (values, indices) pair that scores.sort(dim=-1) returns as if it were a tensor to get the row max, which raises TypeError
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def row_softmax(scores):
    ordered = scores.sort(dim=-1)             # 오름차순으로 정렬
    biggest = ordered[..., -1:]               # 마지막 칸이 줄의 최댓값
    e = torch.exp(scores - biggest)
    return e / e.sum(dim=-1, keepdim=True)
