# 실수: transpose 뒤에 flatten(1) 로 자리 축까지 한꺼번에 붙여서 [B, S, h·d_k] 가 아니라 [B, S·h·d_k] 가 됩니다.
# mistake: flattens from dim 1 after the transpose, merging the position axis too: [B, S·h·d_k] instead of [B, S, h·d_k].
def merge_heads(x):
    """[B, h, S, d_k] → [B, S, h·d_k]: split_heads 를 거꾸로."""
    return x.transpose(1, 2).flatten(1)
