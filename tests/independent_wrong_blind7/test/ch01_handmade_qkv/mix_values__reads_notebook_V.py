# 실수: 둘째 인자 이름을 values 로 두고 몸통에서는 준비 셀의 전역 V 를 섞습니다
# mistake: names its second parameter values but mixes the setup cell's global V
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


# (준비 셀에 이미 있는 변수: Q, K, V)
Q, K, V = data.handmade_qkv()


def mix_values(weights, values):
    return weights @ V
