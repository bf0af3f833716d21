# 실수: 비율표의 줄마다 V 와 곱한 결과를 리스트에 담아 그대로 돌려줌
# mistake: multiplies each row of weights by V in a loop and returns the Python list of results
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def mix_values(weights, V):
    out = []
    for row in weights:
        out.append(row @ V)
    return out
