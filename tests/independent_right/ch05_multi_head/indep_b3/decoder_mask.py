def decoder_mask(x, pad_id=0):
    """bool [B, 1, S, S]: 패딩 마스크 [B, 1, 1, S] & 미래 가리기 [S, S]."""
    B, S = x.shape
    keep = (x != pad_id).reshape(B, 1, 1, S)     # (B, 1, 1, S): key axis last, broadcasts over heads and queries
    future = causal_mask(S)                      # (S, S)
    return keep & future                         # (B, 1, S, S)
