# 실수: 크기를 인자 x 가 아니라 준비 셀의 전역 X 의 모양에서 읽음
# mistake: reads the sizes from the notebook's global X instead of the argument x
import math

import torch  # 텐서

from helpers import data

# (준비 셀에 이미 있는 변수: X)
X = data.embedded_batch()


def split_heads(x, num_heads):
    """[B, S, d_model] → [B, h, S, d_k], d_k = d_model / num_heads. 나누어떨어지지 않으면 ValueError."""
    batch, seq, d_model = X.shape
    if d_model % num_heads != 0:
        raise ValueError(f"d_model={d_model}이 num_heads={num_heads}로 나누어떨어지지 않습니다")
    return x.view(batch, seq, num_heads, d_model // num_heads).transpose(1, 2)
