import torch


def decoder_mask(x, pad_id=0):
    b, s = x.shape
    not_pad = (x != pad_id).reshape(b, 1, 1, s)
    return torch.logical_and(not_pad, causal_mask(s))
