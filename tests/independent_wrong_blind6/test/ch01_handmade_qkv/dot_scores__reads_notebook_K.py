# 실수: 인자 이름을 keys 로 바꿔 놓고 몸통에서는 노트북의 전역 K 를 곱함
# mistake: names its second parameter keys but multiplies by the notebook's global K
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


# (준비 셀에 이미 있는 변수: Q, K, V)
Q, K, V = data.handmade_qkv()


def dot_scores(Q, keys):
    """점수표 Q·Kᵀ"""
    return Q @ K.mT
