def merge_heads(x):
    """Inverse of split_heads: [B, h, S, d_k] -> [B, S, h * d_k] (heads concatenated, not averaged)."""
    if x.dim() != 4:
        raise ValueError(f"x 는 [B, h, S, d_k] 4차원이어야 합니다. 지금 모양: {tuple(x.shape)}")

    nb, nh, length, per_head = x.shape
    positions_first = x.transpose(1, 2).contiguous()
    glued = positions_first.view(nb, length, nh * per_head)

    assert glued.shape == (nb, length, nh * per_head)
    return glued
