# 실수: V 를 X·Wv 가 아니라 복사해 붙인 X·Wk 로 만들어 Wv 가 쓰이지 않음
# mistake: builds V as X·Wk (a copy-paste slip) instead of X·Wv, so Wv is never used
import torch


def project_qkv(X, Wq, Wk, Wv):
    """(Q, K, V) = (X @ Wq, X @ Wk, X @ Wv): [..., S, d_in]와 [d_in, d_out] → 각각 [..., S, d_out]."""
    Q = X @ Wq
    K = X @ Wk
    V = X @ Wk
    return Q, K, V
