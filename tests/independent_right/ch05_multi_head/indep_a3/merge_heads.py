def merge_heads(x):
    """[B, h, S, d_k] → [B, S, h·d_k]: split_heads 를 거꾸로."""
    batch_size, num_heads, seq_len, d_k = x.shape

    # 1) 머리 축과 자리 축을 다시 바꿉니다 → [B, S, h, d_k]
    per_position = x.transpose(1, 2)

    # 2) transpose 한 텐서는 메모리가 이어져 있지 않아서 바로 view 하면 오류가 납니다.
    #    contiguous() 로 메모리를 새로 이어 붙인 다음, 머리들의 결과를 옆으로 이어 붙입니다.
    #    (평균을 내는 것이 아니라 이어 붙이는 것!)
    merged = per_position.contiguous().view(batch_size, seq_len, num_heads * d_k)
    return merged
