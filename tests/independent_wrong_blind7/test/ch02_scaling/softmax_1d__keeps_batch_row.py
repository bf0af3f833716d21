# 실수: x 를 한 줄짜리 torch 표 [1, n] 으로 만들어 softmax 한 뒤 그 모양 그대로 numpy 로 돌려줍니다
# mistake: turns x into a one-row torch table [1, n], applies the softmax and returns it in that shape as numpy
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch  # 쓰지 않아도 됩니다

from helpers import data


def softmax_1d(x):
    t = torch.tensor(x)[None, :]          # [1, n]: 한 줄짜리 표
    return torch.softmax(t, dim=-1).numpy()
