def merge_heads(x):
    """[B, h, S, d_k] → [B, S, h·d_k]: split_heads 를 거꾸로."""
    # 모양 꺼내기
    B, h, S, d_k = x.shape

    # 머리 축과 자리 축을 다시 바꾼다 -> [B, S, h, d_k]
    x_swapped = x.transpose(1, 2)

    # transpose 뒤에는 메모리가 안 이어져 있어서 contiguous 를 먼저 해야 view 가 된다
    x_swapped = x_swapped.contiguous()

    # 머리들을 평균하지 않고 옆으로 이어 붙인다 -> [B, S, h*d_k]
    merged = x_swapped.view(B, S, h * d_k)

    return merged
