import torch


def dot_scores(Q, K):
    """Return the score table Q K^T over the last two axes.

    Q: [..., S_q, d_k], K: [..., S_k, d_k]  ->  [..., S_q, S_k]
    """
    if not (isinstance(Q, torch.Tensor) and isinstance(K, torch.Tensor)):
        raise TypeError("Q 와 K 는 torch 텐서여야 합니다.")
    assert Q.dim() >= 2 and K.dim() >= 2, f"Q, K 는 2차원 이상이어야 합니다: {tuple(Q.shape)}, {tuple(K.shape)}"
    assert Q.shape[-1] == K.shape[-1], f"Q 와 K 의 좌표 수가 다릅니다: {Q.shape[-1]} != {K.shape[-1]}"

    result = torch.einsum("...id,...jd->...ij", Q, K)
    return result
