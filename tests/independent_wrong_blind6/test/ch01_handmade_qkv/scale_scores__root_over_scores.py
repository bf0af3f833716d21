# 실수: 나눗셈의 순서를 바꿔 √d_k / scores 를 돌려줌
# mistake: divides the wrong way round, returning √d_k / scores
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def scale_scores(scores, d_k):
    root = d_k ** 0.5
    return root / scores
