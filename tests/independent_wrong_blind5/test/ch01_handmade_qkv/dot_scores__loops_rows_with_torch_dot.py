# 실수: Q 와 K 의 줄을 이중 반복문과 torch.dot 으로 곱해, 배치 축이 붙으면 첫 축을 낱말로 여겨 오류가 남
# mistake: pairs the rows of Q and K in a double loop with torch.dot, so with batch axes the first axis is taken for words and it fails
import torch


def dot_scores(Q, K):
    """점수표 Q·Kᵀ: [..., S_q, d_k]와 [..., S_k, d_k] → [..., S_q, S_k]."""
    n_q, n_k = Q.shape[0], K.shape[0]
    out = torch.zeros(n_q, n_k, dtype=Q.dtype)
    for i in range(n_q):
        for j in range(n_k):
            out[i, j] = torch.dot(Q[i], K[j])
    return out
