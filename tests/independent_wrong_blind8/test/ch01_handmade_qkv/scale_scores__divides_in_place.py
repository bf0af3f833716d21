# 실수: scores /= … 로 입력 텐서를 제자리에서 바꿈 (새 텐서를 만들어야 함)
# mistake: divides with scores /= …, modifying the input tensor in place instead of making a new one
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


import math


def scale_scores(scores, d_k):
    """scores / √d_k: 모양은 그대로 [..., S_q, S_k]."""
    scores /= math.sqrt(d_k)
    return scores
