def decoder_mask(x, pad_id=0):
    """bool [B, 1, S, S]: 패딩 마스크 [B, 1, 1, S] & 미래 가리기 [S, S]."""
    return (x != pad_id)[:, None, None] & causal_mask(x.shape[-1])
