def multi_head_attention(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    q, k, v = (split_heads(t @ W, num_heads) for t, W in ((query, W_q), (key, W_k), (value, W_v)))
    s = q @ k.mT / q.size(-1) ** 0.5
    if mask is not None:
        s = s.masked_fill(~mask.bool(), -1e9)
    p = s.softmax(-1)
    return merge_heads(p @ v) @ W_o, p
