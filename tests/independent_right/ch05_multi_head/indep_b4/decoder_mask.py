def decoder_mask(x, pad_id=0):
    """Decoder mask [B, 1, S, S]: key is not [PAD] AND key position <= query position."""
    if x.dim() != 2:
        raise ValueError(f"x 는 [B, S] 낱말 번호 텐서여야 합니다. 지금 모양: {tuple(x.shape)}")

    batch, seq_len = x.shape
    not_pad = (x != pad_id).view(batch, 1, 1, seq_len)  # [B, 1, 1, S]: heads, queries broadcast
    no_future = causal_mask(seq_len)                     # [S, S]
    combined = not_pad & no_future                       # [B, 1, S, S]

    assert combined.shape == (batch, 1, seq_len, seq_len)
    return combined
