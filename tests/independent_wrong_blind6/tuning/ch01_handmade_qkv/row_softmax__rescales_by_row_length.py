# 실수: softmax 안에서 점수를 줄의 길이(Key 수)의 제곱근으로 한 번 더 나눔
# mistake: divides the scores once more by the square root of the row length (number of keys) inside the softmax
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def row_softmax(scores):
    n = scores.shape[-1]
    scores = scores / n ** 0.5
    scores = scores - scores.amax(dim=-1, keepdim=True)
    num = torch.exp(scores)
    return num / num.sum(dim=-1, keepdim=True)
