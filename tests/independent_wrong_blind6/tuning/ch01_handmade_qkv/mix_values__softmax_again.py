# 실수: 이미 비율인 weights 에 softmax 를 한 번 더 씌운 뒤 V 와 곱함
# mistake: applies softmax again to weights that are already proportions before multiplying by V
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def mix_values(weights, V):
    w = torch.exp(weights - weights.amax(dim=-1, keepdim=True))
    w = w / w.sum(dim=-1, keepdim=True)
    return w @ V
