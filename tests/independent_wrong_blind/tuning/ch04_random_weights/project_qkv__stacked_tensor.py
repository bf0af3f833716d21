# 실수: 세 결과를 torch.stack 으로 쌓아 튜플이 아니라 텐서 하나 [3, ..., S, d_out] 로 돌려줍니다 (Wv 의 d_out 이 다르면 오류).
# mistake: stacks the three results with torch.stack and returns one tensor [3, ..., S, d_out] instead of a tuple (an error when Wv has another d_out).
import torch


def project_qkv(X, Wq, Wk, Wv):
    """(Q, K, V) = (X @ Wq, X @ Wk, X @ Wv): [..., S, d_in] 와 [d_in, d_out] → 각각 [..., S, d_out]."""
    return torch.stack([X @ Wq, X @ Wk, X @ Wv])
