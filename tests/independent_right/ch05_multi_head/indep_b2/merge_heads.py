def merge_heads(x):
    return x.transpose(1, 2).flatten(-2)
