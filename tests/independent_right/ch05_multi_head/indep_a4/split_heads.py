import torch
from torch import Tensor


def _head_size(d_model: int, num_heads: int) -> int:
    if d_model % num_heads:
        raise ValueError(
            f"머리 수가 맞지 않습니다: d_model={d_model} 은(는) num_heads={num_heads} 의 배수가 아닙니다"
        )
    return d_model // num_heads


def split_heads(x: Tensor, num_heads: int) -> Tensor:
    """[B, S, d_model] -> [B, h, S, d_k]; head k owns features k*d_k ... (k+1)*d_k - 1."""
    B, S, d_model = x.size()
    d_k = _head_size(d_model, num_heads)
    return torch.transpose(torch.unflatten(x, -1, (num_heads, d_k)), 1, 2)
