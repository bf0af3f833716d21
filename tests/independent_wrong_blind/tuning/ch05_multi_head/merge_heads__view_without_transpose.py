# 실수: transpose 없이 바로 view(B, S, h·d_k) 로 붙여서 모양은 맞지만 자리와 머리가 섞입니다.
# mistake: joins with view(B, S, h·d_k) without transposing back first; the shape is right but positions and heads get mixed.
def merge_heads(x):
    """[B, h, S, d_k] → [B, S, h·d_k]: split_heads 를 거꾸로."""
    B, h, S, d_k = x.shape
    return x.contiguous().view(B, S, h * d_k)
