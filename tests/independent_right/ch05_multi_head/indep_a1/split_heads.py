def split_heads(x, num_heads):
    """[B, S, d_model] → [B, h, S, d_k], d_k = d_model / num_heads. 나누어떨어지지 않으면 ValueError."""
    B, S, D = x.shape
    if D % num_heads:
        raise ValueError(f"d_model={D} 이(가) num_heads={num_heads} 로 안 나눠집니다")
    return x.view(B, S, num_heads, D // num_heads).transpose(1, 2)
