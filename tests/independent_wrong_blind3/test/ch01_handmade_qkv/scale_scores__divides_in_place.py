# 실수: div_ 로 입력 점수표를 제자리에서 나눔
# mistake: divides the input score table in place with div_
import torch

import math


def scale_scores(scores, d_k):
    return scores.div_(math.sqrt(d_k))
