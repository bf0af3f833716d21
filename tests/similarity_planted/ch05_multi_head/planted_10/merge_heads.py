def merge_heads(x):
    """[B, h, S, d_k] → [B, S, h·d_k]: split_heads 를 거꾸로."""
    # 머리 축을 자리 축 뒤로 보내고 (h, d_k) 두 축을 하나로 눌러 붙임
    return x.movedim(1, 2).flatten(start_dim=2)
