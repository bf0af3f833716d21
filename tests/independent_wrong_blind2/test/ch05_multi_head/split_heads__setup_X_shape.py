# 실수: B, S, d_model 을 받은 x 가 아니라 준비 셀의 X 모양 [4, 4, 6] 에서 읽었습니다. 다른 모양의 x 에서는 틀리거나 오류가 납니다.
# mistake: B, S and d_model are read from the setup cell's X [4, 4, 6] instead of the argument x, so any other shape fails.
import torch

from helpers import data

# (준비 셀에 이미 있는 변수: X)
X = data.embedded_batch()


def split_heads(x, num_heads):
    """[B, S, d_model] → [B, h, S, d_k], d_k = d_model / num_heads. 나누어떨어지지 않으면 ValueError."""
    B, S, d_model = X.shape
    if d_model % num_heads != 0:
        raise ValueError(f"d_model={d_model} 이(가) num_heads={num_heads} 로 나누어떨어지지 않습니다")
    return x.view(B, S, num_heads, d_model // num_heads).transpose(1, 2)
