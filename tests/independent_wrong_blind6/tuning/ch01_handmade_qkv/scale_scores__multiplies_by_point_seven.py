# 실수: 강의의 1/√2 ≈ 0.7071 을 곱해, 받은 d_k 가 아무 영향이 없음
# mistake: multiplies by the lecture's 1/√2 ≈ 0.7071, so the d_k argument has no effect
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def scale_scores(scores, d_k):
    return scores * 0.7071067811865476   # 1/√2
