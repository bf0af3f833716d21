def decoder_mask(x, pad_id=0):
    """bool [B, 1, S, S]: 패딩 마스크 [B, 1, 1, S] & 미래 가리기 [S, S]."""
    seq = x.size(-1)
    # [B, S] → [B, 1, S] → [B, 1, 1, S]: 열(Key) 쪽의 [PAD] 를 가림
    key_ok = x.ne(pad_id).unsqueeze(-2).unsqueeze(-3)
    return key_ok & causal_mask(seq)
