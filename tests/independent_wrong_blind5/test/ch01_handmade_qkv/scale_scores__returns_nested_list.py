# 실수: 나눈 결과를 tolist() 로 파이썬 리스트로 돌려줌
# mistake: returns the divided table as a Python list via tolist()
import math

import torch


def scale_scores(scores, d_k):
    """scores / √d_k: 모양은 그대로 [..., S_q, S_k]."""
    return (scores / math.sqrt(d_k)).tolist()
