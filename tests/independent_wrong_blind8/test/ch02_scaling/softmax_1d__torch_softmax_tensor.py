# 실수: torch.softmax 로 계산해 numpy 배열이 아니라 torch 텐서를 돌려줌
# mistake: computes with torch.softmax and returns a torch tensor instead of a numpy array
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch  # 쓰지 않아도 됩니다

from helpers import data


def softmax_1d(x):
    """1차원 numpy 배열 x의 softmax: 가장 큰 값을 빼고 exp, 합으로 나눈 비율 [n]."""
    t = torch.from_numpy(np.asarray(x, dtype=np.float64))
    return torch.softmax(t, dim=0)  # 라이브러리 softmax 는 써도 된다고 했으니
