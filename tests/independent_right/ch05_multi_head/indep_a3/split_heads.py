def split_heads(x, num_heads):
    """[B, S, d_model] → [B, h, S, d_k], d_k = d_model / num_heads. 나누어떨어지지 않으면 ValueError."""
    batch_size, seq_len, d_model = x.shape

    # 머리마다 좌표를 똑같이 나눠 가져야 하므로 d_model 이 num_heads 의 배수여야 합니다.
    if d_model % num_heads != 0:
        raise ValueError(
            f"d_model={d_model} 이(가) num_heads={num_heads} 로 나누어떨어지지 않습니다. "
            f"머리 수는 {d_model} 의 약수여야 합니다."
        )
    d_k = d_model // num_heads

    # 1) 마지막 축(좌표 d_model 개)만 [머리 수, d_k] 로 쪼갭니다 → [B, S, h, d_k]
    #    여기서 reshape(B, h, S, d_k) 를 한 번에 하면 자리와 좌표가 섞여 버립니다.
    per_position = x.view(batch_size, seq_len, num_heads, d_k)

    # 2) 자리 축(1)과 머리 축(2)을 바꿔서 머리 축을 앞으로 → [B, h, S, d_k]
    per_head = per_position.transpose(1, 2)
    return per_head
