def split_heads(x, num_heads):
    b, s, d_model = x.shape
    if d_model % num_heads != 0:
        raise ValueError(f"d_model={d_model} 을 머리 {num_heads}개로 똑같이 나눌 수 없습니다 "
                         f"(나머지 {d_model % num_heads})")
    d_k = d_model // num_heads
    # split only the last axis, then swap seq <-> head
    return x.reshape(b, s, num_heads, d_k).swapaxes(1, 2)
