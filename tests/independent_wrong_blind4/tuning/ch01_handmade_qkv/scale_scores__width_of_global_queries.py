# 실수: d_k 를 인자가 아니라 준비 셀의 전역 Q 의 좌표 수 (2) 에서 읽음
# mistake: reads d_k from the notebook's global Q (2 coordinates) instead of the argument
import math

import torch

from helpers import data

# (준비 셀에 이미 있는 변수: Q, K, V)
Q, K, V = data.handmade_qkv()


def scale_scores(scores, d_k):
    """scores / √d_k: 모양은 그대로 [..., S_q, S_k]."""
    return scores / math.sqrt(Q.shape[-1])
