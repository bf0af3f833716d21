# Adapted from The Annotated Transformer, def subsequent_mask(size) (there [1, size, size]; here [size, size]).
# Source: https://nlp.seas.harvard.edu/annotated-transformer/ (github.com/harvardnlp/annotated-transformer)  Licence: MIT
import torch


def causal_mask(size):
    attn_shape = (size, size)
    subsequent = torch.triu(torch.ones(attn_shape), diagonal=1).type(torch.uint8)
    return subsequent == 0
