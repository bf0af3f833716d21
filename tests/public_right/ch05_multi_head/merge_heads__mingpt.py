# Adapted from minGPT, mingpt/model.py CausalSelfAttention.forward: y.transpose(1, 2).contiguous().view(B, T, C)
# Source: https://github.com/karpathy/minGPT/blob/master/mingpt/model.py  Licence: MIT (Andrej Karpathy)
def merge_heads(x):
    B, nh, T, hs = x.size()
    return x.transpose(1, 2).contiguous().view(B, T, nh * hs)
