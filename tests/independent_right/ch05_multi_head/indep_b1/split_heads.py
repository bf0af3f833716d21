def split_heads(x, num_heads):
    """[B, S, d_model] → [B, h, S, d_k], d_k = d_model / num_heads. 나누어떨어지지 않으면 ValueError."""
    # 모양 꺼내기
    B, S, d_model = x.shape

    # 머리 수로 나누어떨어지는지 먼저 확인
    if d_model % num_heads != 0:
        raise ValueError(f"d_model={d_model} 을(를) 머리 {num_heads}개로 똑같이 나눌 수 없습니다. "
                         f"d_model 이 num_heads 의 배수가 되게 해 주세요.")

    # 머리 하나가 가지는 좌표 수
    d_k = d_model // num_heads

    # 1) 마지막 축만 (머리 수, d_k) 로 쪼갠다 -> [B, S, h, d_k]
    x_split = x.view(B, S, num_heads, d_k)

    # 2) 머리 축을 앞으로 -> [B, h, S, d_k]
    x_heads = x_split.transpose(1, 2)

    return x_heads
