# 실수: 점수표를 `Q.transpose(-2, -1) @ K` 로 만들어 Q 의 줄과 열을 바꿔 씁니다 ([d_k, d_k] 표)
# mistake: builds the table as Q.transpose(-2, -1) @ K, using Q with rows and columns swapped (a [d_k, d_k] table)
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def score_magnitude(Q, K):
    sc = Q.transpose(-2, -1) @ K
    d_k = Q.shape[-1]
    return sc.abs().mean().item(), (sc / math.sqrt(d_k)).abs().mean().item()
