# 실수: √d_k 가 아니라 d_k 로 나눔
# mistake: divides by d_k instead of √d_k
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def scale_scores(scores, d_k):
    """scores / √d_k: 모양은 그대로 [..., S_q, S_k]."""
    return scores / d_k
