def merge_heads(x):
    """[B, h, S, d_k] → [B, S, h·d_k]: split_heads 를 거꾸로."""
    B, H, S, d_k = x.shape
    # (B, h, S, d_k) -> (B, S, h, d_k), then glue the last two axes: (B, S, h*d_k)
    # reshape copies when the permuted tensor is not contiguous
    return x.permute(0, 2, 1, 3).reshape(B, S, H * d_k)
