# 실수: 받은 Q, K 대신 노트북의 X, Wq, Wk 로 점수표를 다시 만들어 잼
# mistake: rebuilds the score table from the notebook's X, Wq and Wk instead of the Q and K it is given
import math

import torch

from helpers import data

# (준비 셀에 이미 있는 변수: X, Wq, Wk, Wv)
X, Wq, Wk, Wv = data.random_model_inputs()


def score_magnitude(Q, K):
    """(나누기 전 평균 |Q·Kᵀ|, √d_k로 나눈 뒤 평균 |Q·Kᵀ/√d_k|)를 파이썬 float 두 개로 돌려줍니다."""
    scores = (X @ Wq) @ (X @ Wk).transpose(-2, -1)
    d_k = Wq.shape[-1]
    return scores.abs().mean().item(), (scores / math.sqrt(d_k)).abs().mean().item()
