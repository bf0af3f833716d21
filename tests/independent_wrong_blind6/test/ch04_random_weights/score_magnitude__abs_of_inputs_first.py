# 실수: '절댓값을 먼저' 를 Q 와 K 에 먼저 절댓값을 씌우는 것으로 읽어 |Q|·|K|ᵀ 의 평균을 잼
# mistake: reads 'take the absolute value first' as applying abs to Q and K, so it measures the mean of |Q|·|K|ᵀ
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def score_magnitude(Q, K):
    d_k = Q.shape[-1]
    scores = Q.abs() @ K.abs().transpose(-2, -1)
    return scores.mean().item(), (scores / math.sqrt(d_k)).mean().item()
