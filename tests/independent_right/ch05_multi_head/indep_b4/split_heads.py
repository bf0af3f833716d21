def split_heads(x, num_heads):
    """Split the last axis into heads: [B, S, d_model] -> [B, h, S, d_model // h].

    Raises ValueError (in Korean) when the heads cannot share d_model equally.
    """
    if x.dim() != 3:
        raise ValueError(f"x 는 [B, S, d_model] 3차원이어야 합니다. 지금 모양: {tuple(x.shape)}")
    if num_heads <= 0:
        raise ValueError(f"num_heads 는 1 이상이어야 합니다. 지금: {num_heads}")

    batch, seq_len, d_model = x.shape
    if d_model % num_heads != 0:
        raise ValueError(
            f"d_model={d_model} 이 num_heads={num_heads} 로 나누어떨어지지 않아 머리를 나눌 수 없습니다."
        )
    head_dim = d_model // num_heads

    per_position = x.view(batch, seq_len, num_heads, head_dim)  # [B, S, h, d_k]
    result = per_position.transpose(1, 2)                       # [B, h, S, d_k]

    assert result.shape == (batch, num_heads, seq_len, head_dim)
    return result
