# 실수: 이중 리스트 컴프리헨션으로 만든 True/False 리스트를 텐서로 바꾸지 않고 돌려줌
# mistake: builds the True/False table as nested Python lists and never turns it into a tensor
import math

import torch  # 텐서

from helpers import data


def causal_mask(size):
    return [[k <= q for k in range(size)] for q in range(size)]
