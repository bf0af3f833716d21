# 실수: 0 인 칸을 불리언 인덱싱으로 빼서 줄 구분 없이 수 하나가 됨
# mistake: drops zero cells with boolean indexing, which flattens everything into one number
import math

import torch

def row_entropy(weights):
    p = weights[weights > 0]
    return -(p * torch.log(p)).sum()
