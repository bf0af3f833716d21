def decoder_mask(x, pad_id=0):
    return (x != pad_id)[:, None, None] & causal_mask(x.size(1))
