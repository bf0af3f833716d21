# 실수: 인자 d_k 대신 점수표의 열 수(Key 수)의 제곱근으로 나눔
# mistake: divides by the square root of the score table's column count instead of d_k
import torch

import math


def scale_scores(scores, d_k):
    return scores / math.sqrt(scores.shape[-1])
