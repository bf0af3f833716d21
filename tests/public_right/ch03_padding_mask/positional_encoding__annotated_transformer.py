# Adapted from The Annotated Transformer, class PositionalEncoding.__init__ (the table pe, without the module).
# Source: https://nlp.seas.harvard.edu/annotated-transformer/ (github.com/harvardnlp/annotated-transformer)  Licence: MIT
import math

import torch


def positional_encoding(max_len, d_model):
    table = torch.zeros((max_len, d_model))  # [max_len, d_model]
    positions = torch.arange(max_len)[:, None]  # [max_len, 1]
    even_columns = torch.arange(0, d_model, 2)  # [d_model / 2]
    inverse_frequency = (even_columns * -(math.log(10000.0) / d_model)).exp()
    table[:, 0::2] = torch.sin(positions * inverse_frequency)
    table[:, 1::2] = torch.cos(positions * inverse_frequency)
    return table
