# 실수: x.shape 를 B, h, d_k, S 차례로 풀어, view 가 [B, d_k, h·S] 모양을 만듦
# mistake: unpacks x.shape as B, h, d_k, S, so the view builds [B, d_k, h·S]
import math

import torch  # 텐서

from helpers import data


def merge_heads(x):
    B, h, d_k, S = x.shape
    return x.transpose(1, 2).contiguous().view(B, S, h * d_k)
