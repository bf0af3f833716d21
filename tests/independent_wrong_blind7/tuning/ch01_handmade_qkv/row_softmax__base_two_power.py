# 실수: exp 대신 2의 거듭제곱 2 ** (s − max) 를 써서, 밑이 2인 softmax 가 됩니다
# mistake: raises 2 to the shifted scores (2 ** (s − max)) instead of taking exp, a base-2 softmax
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def row_softmax(scores):
    shifted = scores - scores.amax(dim=-1, keepdim=True)
    powers = 2 ** shifted
    return powers / powers.sum(dim=-1, keepdim=True)
