# 실수: numpy 의 nansum 으로 계산해 numpy 배열을 돌려줌
# mistake: computes with numpy's nansum and returns a numpy array
import numpy as np
import torch


def row_entropy(weights):
    """줄마다의 엔트로피 −Σ p·ln p (nat), [..., S_q, S_k] → [..., S_q]. 0·log 0 = 0으로 칩니다."""
    p = weights.numpy()
    with np.errstate(divide="ignore", invalid="ignore"):
        return -np.nansum(p * np.log(p), axis=-1)
