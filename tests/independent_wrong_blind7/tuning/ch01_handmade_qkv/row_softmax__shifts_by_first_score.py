# 실수: 줄의 최댓값 대신 첫 칸의 점수를 빼므로, 첫 칸이 -inf 이거나 작은 줄에서는 nan 이나 inf 가 나옵니다
# mistake: subtracts each row's first score instead of its maximum, so rows whose first cell is -inf or small give nan or inf
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def row_softmax(scores):
    shifted = scores - scores[..., :1]      # 줄의 첫 칸을 기준으로
    e = torch.exp(shifted)
    return e / e.sum(dim=-1, keepdim=True)
