# 실수: transpose 바로 뒤에 view 를 불러서, 메모리가 이어진 입력에서 오류가 납니다. contiguous() 를 먼저 부르거나 reshape 를 쓰세요.
# mistake: view is called right after transpose, which fails for a contiguous input; call contiguous() first or use reshape.
import torch


def merge_heads(x):
    """[B, h, S, d_k] → [B, S, h·d_k]: split_heads 를 거꾸로."""
    B, h, S, d_k = x.shape
    return x.transpose(1, 2).view(B, S, h * d_k)
