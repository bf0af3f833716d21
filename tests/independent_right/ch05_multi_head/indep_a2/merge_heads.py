def merge_heads(x):
    b, h, s, d_k = x.shape
    return x.swapaxes(1, 2).reshape(b, s, h * d_k)
