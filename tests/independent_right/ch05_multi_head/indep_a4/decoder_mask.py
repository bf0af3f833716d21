import torch
from torch import Tensor


def _key_padding(x: Tensor, pad_id: int) -> Tensor:
    """[B, S] token ids -> [B, 1, 1, S], True for real tokens (masks keys/columns)."""
    return torch.ne(x, pad_id)[:, None, None, :]


def decoder_mask(x: Tensor, pad_id: int = 0) -> Tensor:
    """Padding mask AND causal mask, broadcast to [B, 1, S, S]."""
    return torch.logical_and(_key_padding(x, pad_id), causal_mask(x.size(1)))
