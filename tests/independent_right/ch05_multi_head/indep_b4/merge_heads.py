def merge_heads(x):
    """Inverse of split_heads: [B, h, S, d_k] -> [B, S, h * d_k] (heads concatenated, not averaged)."""
    if x.dim() != 4:
        raise ValueError(f"x 는 [B, h, S, d_k] 4차원이어야 합니다. 지금 모양: {tuple(x.shape)}")

    batch, heads, seq_len, head_dim = x.shape
    result = x.transpose(1, 2).contiguous().view(batch, seq_len, heads * head_dim)

    assert result.shape == (batch, seq_len, heads * head_dim)
    return result
