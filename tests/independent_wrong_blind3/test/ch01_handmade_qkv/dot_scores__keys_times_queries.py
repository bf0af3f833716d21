# 실수: Q·Kᵀ 대신 K·Qᵀ 를 계산해 줄과 열이 뒤바뀐 점수표
# mistake: computes K·Qᵀ, so rows and columns of the score table are swapped
import torch

def dot_scores(Q, K):
    return K @ Q.transpose(-2, -1)
