# 실수: B 와 S 를 인자 x 가 아니라 준비 셀의 전역 X 의 모양 (4, 4) 에서 읽습니다
# mistake: reads B and S from the shape of the setup cell's global X (4, 4) instead of the argument x
import math

import torch  # 텐서

from helpers import data


# (준비 셀에 이미 있는 변수: X, W_q, W_k, W_v, W_o, x, address)
X = data.embedded_batch()
W_q, W_k, W_v, W_o = data.multi_head_weights()
x = data.sentence_batch()
address = (10.0 * torch.arange(4)[:, None] + torch.arange(6)).expand(1, 4, 6).clone()


def split_heads(x, num_heads):
    B, S, d_model = X.shape
    d_model = x.shape[-1]
    if d_model % num_heads:
        raise ValueError(f"d_model={d_model}이 num_heads={num_heads}로 나누어떨어지지 않습니다")
    return x.view(B, S, num_heads, d_model // num_heads).transpose(1, 2)
