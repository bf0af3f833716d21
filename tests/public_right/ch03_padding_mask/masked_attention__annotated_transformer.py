# Adapted from The Annotated Transformer's attention function (masked_fill(mask == 0, -1e9), softmax, weights @ value),
# without dropout; names of this course's own.
# Source: https://nlp.seas.harvard.edu/annotated-transformer/ (github.com/harvardnlp/annotated-transformer)  Licence: MIT
import math

import torch


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    scale = math.sqrt(query.size(-1))
    logits = query @ key.transpose(-2, -1) / scale
    if mask is not None:
        logits = logits.masked_fill(mask == 0, -1e9)
    weights = logits.softmax(dim=-1)
    return torch.matmul(weights, value), weights
