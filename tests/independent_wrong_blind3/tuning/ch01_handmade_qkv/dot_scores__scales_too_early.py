# 실수: 1단계에서 벌써 √d_k 로 나눔
# mistake: already divides by √d_k in step 1
import torch

def dot_scores(Q, K):
    d_k = Q.shape[-1]
    return Q @ K.transpose(-2, -1) / d_k ** 0.5
