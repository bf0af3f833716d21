# 실수: transpose(1, 2) 대신 transpose(0, 1) 로 문장 축과 머리 축을 바꾼 뒤 reshape 해서 값이 뒤섞입니다
# mistake: swaps the batch and head axes with transpose(0, 1) instead of transpose(1, 2) before reshaping, so the values are scrambled
import math

import torch  # 텐서

from helpers import data


def merge_heads(x):
    B, h, S, d_k = x.shape
    return x.transpose(0, 1).reshape(B, S, h * d_k)
