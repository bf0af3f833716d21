# 실수: √d_k 로 나누지 않고 점수에서 √d_k 를 뺌
# mistake: subtracts √d_k from the scores instead of dividing by it
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def scale_scores(scores, d_k):
    # 점수를 √d_k 만큼 줄이기
    return scores - d_k ** 0.5
