# 실수: div_ 로 받은 점수표를 제자리에서 나눠 입력을 바꿈
# mistake: divides the given table in place with div_, changing the input
import math

import torch


def scale_scores(scores, d_k):
    """scores / √d_k: 모양은 그대로 [..., S_q, S_k]."""
    return scores.div_(math.sqrt(d_k))
