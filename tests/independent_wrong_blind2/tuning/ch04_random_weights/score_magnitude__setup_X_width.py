# 실수: d_k 를 준비 셀의 X 에서 X.shape[-1] (= 8) 로 읽었습니다. 받은 Q 의 좌표 수 Q.shape[-1] 를 써야 합니다.
# mistake: d_k is read from the setup cell's X as X.shape[-1] (= 8); it must come from the Q argument, Q.shape[-1].
import math

import torch

from helpers import data

# (준비 셀에 이미 있는 변수: X, Wq, Wk, Wv)
X, Wq, Wk, Wv = data.random_model_inputs()


def score_magnitude(Q, K):
    """(나누기 전 평균 |Q·Kᵀ|, √d_k 로 나눈 뒤 평균 |Q·Kᵀ/√d_k|) 를 파이썬 float 두 개로 돌려줍니다."""
    d_k = X.shape[-1]
    scores = Q @ K.transpose(-2, -1)
    return scores.abs().mean().item(), (scores / math.sqrt(d_k)).abs().mean().item()
