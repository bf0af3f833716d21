# 실수: 인자 d_k 대신 점수표의 열 수 (Key 수) 로 √ 를 구함
# mistake: ignores d_k and takes the root of the table's last size (the number of keys)
import math

import torch


def scale_scores(scores, d_k):
    """scores / √d_k: 모양은 그대로 [..., S_q, S_k]."""
    return scores / math.sqrt(scores.shape[-1])
