# 실수: torch.mm 을 쓰려고 배치 축을 펴서 곱한 뒤 모양을 되돌리지 않아, 배치 입력에서 [B·S, d_out] 이 나옴
# mistake: flattens the batch axes to use torch.mm and never restores them, so batched inputs give [B·S, d_out]
import torch


def project_qkv(X, Wq, Wk, Wv):
    """(Q, K, V) = (X @ Wq, X @ Wk, X @ Wv): [..., S, d_in]와 [d_in, d_out] → 각각 [..., S, d_out]."""
    flat = X.reshape(-1, X.shape[-1])
    return torch.mm(flat, Wq), torch.mm(flat, Wk), torch.mm(flat, Wv)
