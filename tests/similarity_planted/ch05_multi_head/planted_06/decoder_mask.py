def decoder_mask(x, pad_id=0):
    """Decoder mask [B, 1, S, S]: key is not [PAD] AND key position <= query position."""
    if x.dim() != 2:
        raise ValueError(f"x 는 [B, S] 낱말 번호 텐서여야 합니다. 지금 모양: {tuple(x.shape)}")

    n_sent, width = x.shape
    past_only = causal_mask(width)                          # [S, S]
    real_keys = (x != pad_id).view(n_sent, 1, 1, width)    # [B, 1, 1, S]: heads, queries broadcast
    allowed = real_keys & past_only                         # [B, 1, S, S]

    assert allowed.shape == (n_sent, 1, width, width)
    return allowed
