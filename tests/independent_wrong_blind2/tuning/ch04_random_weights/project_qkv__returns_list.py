# 실수: 세 텐서를 리스트로 돌려줍니다. 문제는 튜플 (Q, K, V) 를 요구합니다.
# mistake: The three tensors are returned in a list; the exercise asks for the tuple (Q, K, V).
import torch


def project_qkv(X, Wq, Wk, Wv):
    """(Q, K, V) = (X @ Wq, X @ Wk, X @ Wv): [..., S, d_in] 와 [d_in, d_out] → 각각 [..., S, d_out]."""
    return [X @ W for W in (Wq, Wk, Wv)]
