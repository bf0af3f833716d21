def merge_heads(x):
    """머리 합치기"""
    batch_size, num_heads, seq_len, d_k = x.shape
    per_position = x.transpose(1, 2)
    merged = per_position.contiguous().view(batch_size, seq_len, num_heads*d_k)
    return merged
