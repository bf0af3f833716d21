# 실수: d_k 대신 노트북의 전역 Q 의 좌표 수 Q.shape[-1] 의 제곱근으로 나눔
# mistake: divides by the square root of the notebook global Q's width, Q.shape[-1], instead of d_k
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


# (준비 셀에 이미 있는 변수: Q, K, V)
Q, K, V = data.handmade_qkv()


def scale_scores(scores, d_k):
    d = Q.shape[-1]
    return scores / d ** 0.5
