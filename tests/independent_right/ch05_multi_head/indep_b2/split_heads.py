def split_heads(x, num_heads):
    if x.size(-1) % num_heads:
        raise ValueError(f"num_heads={num_heads} 로는 d_model={x.size(-1)} 을 나눌 수 없습니다")
    return x.unflatten(-1, (num_heads, -1)).transpose(1, 2)
