# 실수: transpose 뒤에 contiguous() 없이 바로 view 를 불러서, 메모리가 이어지지 않은 텐서에서 RuntimeError 가 납니다.
# mistake: calls view right after transpose without contiguous(), which raises a RuntimeError on the non-contiguous tensor.
def merge_heads(x):
    """[B, h, S, d_k] → [B, S, h·d_k]: split_heads 를 거꾸로."""
    B, h, S, d_k = x.shape
    return x.transpose(1, 2).view(B, S, h * d_k)
