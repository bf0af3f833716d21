# 실수: 윗줄을 복사한 뒤 고치지 않아 V 도 X @ Wk 로 만들었습니다. Wv 가 쓰이지 않습니다.
# mistake: The line above was copied and not edited, so V is also X @ Wk and Wv is never used.
import torch


def project_qkv(X, Wq, Wk, Wv):
    """(Q, K, V) = (X @ Wq, X @ Wk, X @ Wv): [..., S, d_in] 와 [d_in, d_out] → 각각 [..., S, d_out]."""
    Q = X @ Wq
    K = X @ Wk
    V = X @ Wk
    return Q, K, V
