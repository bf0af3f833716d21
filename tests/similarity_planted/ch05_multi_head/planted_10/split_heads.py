def split_heads(x, num_heads):
    """[B, S, d_model] → [B, h, S, d_k], d_k = d_model / num_heads. 나누어떨어지지 않으면 ValueError."""
    d_model = x.size(-1)
    d_k, leftover = d_model // num_heads, d_model % num_heads
    if leftover:
        raise ValueError(f"d_model={d_model} 이(가) num_heads={num_heads} 로 나누어떨어지지 않습니다 (남는 좌표 {leftover}개)")
    # 마지막 축만 (h, d_k) 로 펼친 뒤 머리 축을 1번 자리로 옮김
    return x.unflatten(2, (num_heads, d_k)).movedim(2, 1)
