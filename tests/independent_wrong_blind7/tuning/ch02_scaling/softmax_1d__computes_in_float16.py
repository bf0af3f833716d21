# 실수: 메모리를 아끼려고 x 를 float16 으로 바꿔 계산하고 float16 배열을 돌려주므로, 값이 float32 의 정밀도에 못 미칩니다
# mistake: converts x to float16 to save memory and returns a float16 array, so the values miss float32 precision
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch  # 쓰지 않아도 됩니다

from helpers import data


def softmax_1d(x):
    x16 = np.asarray(x, dtype=np.float16)   # 메모리를 아끼려고 half 로
    e = np.exp(x16 - x16.max())
    return e / e.sum()
