def decoder_mask(x, pad_id=0):
    seq_len = x.shape[1]
    is_real_token = x != pad_id
    padding_part = is_real_token.unsqueeze(1).unsqueeze(2)   # [B,1,1,S]
    future_part = causal_mask(seq_len)   # [S,S]
    combined = padding_part & future_part
    return combined
