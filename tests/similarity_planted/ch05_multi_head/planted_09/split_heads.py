def split_heads(x, num_heads):
    batch_size, seq_len, d_model = x.shape
    if d_model % num_heads != 0:
        raise ValueError(
            f"d_model={d_model} 이(가) num_heads={num_heads} 로 나누어떨어지지 않습니다. "
            f"머리 수는 {d_model} 의 약수여야 합니다."
        )
    d_k = d_model // num_heads
    per_position = x.view(batch_size, seq_len, num_heads, d_k)   # [B, S, h, d_k]
    per_head = per_position.transpose(1, 2)   # [B, h, S, d_k]
    return per_head
