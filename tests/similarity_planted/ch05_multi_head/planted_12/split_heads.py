def split_heads(x, num_heads):
    n, t, dm = x.shape
    if dm % num_heads != 0:
        raise ValueError(f"d_model={dm} 을 머리 {num_heads}개로 똑같이 나눌 수 없습니다 "
                         f"(나머지 {dm % num_heads})")
    hd = dm // num_heads
    # split only the last axis, then swap seq <-> head
    return x.reshape(n, t, num_heads, hd).swapaxes(1, 2)
