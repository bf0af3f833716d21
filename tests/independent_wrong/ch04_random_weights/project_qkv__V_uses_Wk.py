# 실수: 복사해 붙이다가 V 를 Wv 가 아니라 Wk 로 만들었습니다.
# mistake: Copy-paste slip: V is computed with Wk instead of Wv.
import torch


def project_qkv(X, Wq, Wk, Wv):
    """(Q, K, V) = (X @ Wq, X @ Wk, X @ Wv): [..., S, d_in] 와 [d_in, d_out] → 각각 [..., S, d_out]."""
    Q = X @ Wq
    K = X @ Wk
    V = X @ Wk
    return Q, K, V
