# 실수: 머리들을 이어 붙이지 않고 평균합니다. 결과가 [B, S, h·d_k] 가 아니라 [B, S, d_k] 가 됩니다.
# mistake: averages the heads instead of concatenating them, returning [B, S, d_k] instead of [B, S, h·d_k].
def merge_heads(x):
    """[B, h, S, d_k] → [B, S, h·d_k]: split_heads 를 거꾸로."""
    return x.mean(dim=1)
