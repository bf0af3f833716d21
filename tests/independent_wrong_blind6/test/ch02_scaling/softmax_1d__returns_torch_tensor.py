# 실수: torch.softmax 로 계산한 torch 텐서를 numpy 배열로 바꾸지 않고 돌려줌
# mistake: computes with torch.softmax and returns the torch tensor instead of a numpy array
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch  # 쓰지 않아도 됩니다

from helpers import data


def softmax_1d(x):
    t = torch.as_tensor(x, dtype=torch.float64)
    return torch.softmax(t, dim=0)
