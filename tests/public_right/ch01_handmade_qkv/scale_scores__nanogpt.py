# Adapted from nanoGPT, model.py CausalSelfAttention.forward: att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
# Source: https://github.com/karpathy/nanoGPT/blob/master/model.py  Licence: MIT (Andrej Karpathy)
import math


def scale_scores(scores, d_k):
    return scores * (1.0 / math.sqrt(d_k))
