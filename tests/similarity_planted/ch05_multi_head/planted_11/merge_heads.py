def merge_heads(x):
    B, H, S, dk = x.shape
    out = x.transpose(-3, -2)  # positions back in front of heads
    return out.reshape(B, S, H * dk)
