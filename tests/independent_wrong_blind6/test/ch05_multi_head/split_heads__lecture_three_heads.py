# 실수: 머리 수를 강의의 3 으로 박아 넣어 num_heads 가 아무 영향이 없음
# mistake: writes in the lecture's 3 heads, so num_heads has no effect
import math

import torch  # 텐서

from helpers import data


def split_heads(x, num_heads):
    B, S, d_model = x.shape
    h = 3
    if d_model % h:
        raise ValueError(f"d_model={d_model}이 머리 {h}개로 나누어떨어지지 않습니다")
    return x.view(B, S, h, d_model // h).transpose(1, 2)
