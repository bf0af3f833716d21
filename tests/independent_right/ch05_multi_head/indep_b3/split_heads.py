def split_heads(x, num_heads):
    """[B, S, d_model] → [B, h, S, d_k], d_k = d_model / num_heads. 나누어떨어지지 않으면 ValueError."""
    B, S, D = x.shape                       # D = d_model
    d_k, rest = divmod(D, num_heads)
    if rest != 0:
        raise ValueError(f"d_model={D} 은 num_heads={num_heads} 의 배수가 아니라서 머리마다 같은 크기로 나눌 수 없습니다 "
                         f"(나머지 {rest})")
    # (B, S, D) -> (B, S, h, d_k): split only the last axis
    x4 = x.reshape(B, S, num_heads, d_k)
    # axes (0, 1, 2, 3) -> (0, 2, 1, 3): (B, h, S, d_k)
    return x4.permute(0, 2, 1, 3)
