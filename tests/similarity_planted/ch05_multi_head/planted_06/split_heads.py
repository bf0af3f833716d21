def split_heads(x, num_heads):
    """Split the last axis into heads: [B, S, d_model] -> [B, h, S, d_model // h].

    Raises ValueError (in Korean) when the heads cannot share d_model equally.
    """
    if num_heads <= 0:
        raise ValueError(f"num_heads 는 1 이상이어야 합니다. 지금: {num_heads}")
    if x.dim() != 3:
        raise ValueError(f"x 는 [B, S, d_model] 3차원이어야 합니다. 지금 모양: {tuple(x.shape)}")

    nb, length, width = x.shape
    if width % num_heads != 0:
        raise ValueError(
            f"d_model={width} 이 num_heads={num_heads} 로 나누어떨어지지 않아 머리를 나눌 수 없습니다."
        )
    per_head = width // num_heads

    chopped = x.view(nb, length, num_heads, per_head)  # [B, S, h, d_k]
    heads_first = chopped.transpose(1, 2)              # [B, h, S, d_k]

    assert heads_first.shape == (nb, num_heads, length, per_head)
    return heads_first
