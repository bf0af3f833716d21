# 실수: (Q, K, V) 를 튜플이 아니라 리스트로 돌려줌
# mistake: returns [Q, K, V] as a list instead of a tuple
import torch


def project_qkv(X, Wq, Wk, Wv):
    """(Q, K, V) = (X @ Wq, X @ Wk, X @ Wv): [..., S, d_in]와 [d_in, d_out] → 각각 [..., S, d_out]."""
    return [X @ W for W in (Wq, Wk, Wv)]
