import torch


def decoder_mask(x, pad_id=0):
    B, S = x.shape
    look = causal_mask(S)                     # query x key
    keep = (x != pad_id).reshape(B, 1, 1, S)  # no [PAD] column
    return torch.logical_and(keep, look)
