# 실수: √d_k 대신 질문 쪽지의 길이 ‖q‖ (np.linalg.norm) 로 나눕니다
# mistake: divides by the length of the query ‖q‖ (np.linalg.norm) instead of √d_k
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch  # 쓰지 않아도 됩니다

from helpers import data


def compare_scaling(q, keys):
    scores = keys @ q
    ex = np.exp(scores - scores.max())
    before = ex / ex.sum()
    scaled = scores / np.linalg.norm(q)   # q 의 크기로 나누기
    ex2 = np.exp(scaled - scaled.max())
    after = ex2 / ex2.sum()
    return scores, before, after
