# Adapted from Hugging Face transformers, src/transformers/activations.py (the exact erf GELU of the original
# BERT code): x * 0.5 * (1.0 + torch.erf(x / math.sqrt(2.0)))
# Source: https://github.com/huggingface/transformers/blob/main/src/transformers/activations.py  Licence: Apache-2.0
import math

import torch


def gelu(x):
    return x * 0.5 * (1.0 + torch.erf(x / math.sqrt(2.0)))
