# 실수: 인자 d_k 대신 준비 셀의 전역 Q 의 좌표 수(2)로 나눠 강의 예시에서만 맞음
# mistake: divides by the width of the setup cell's global Q (2) instead of the d_k argument, so only the lecture example is right
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


# (준비 셀에 이미 있는 변수: Q, K, V)
Q, K, V = data.handmade_qkv()


def scale_scores(scores, d_k):
    """scores / √d_k: 모양은 그대로 [..., S_q, S_k]."""
    width = Q.shape[-1]  # 좌표 수
    return scores / np.sqrt(width)
