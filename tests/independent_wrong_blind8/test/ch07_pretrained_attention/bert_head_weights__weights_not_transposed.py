# 실수: 모델 파일의 [d_out, d_in] 가중치를 전치하지 않고 hidden @ W + b 로 곱함 (hidden @ W.T + b 여야 함)
# mistake: multiplies hidden @ W + b without transposing the model file's [d_out, d_in] weights (hidden @ W.T + b is needed)
import math  # √ 계산에

import torch  # 텐서

from helpers import data
from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    """hidden [B, S, d], W [d, d] (nn.Linear 꼴), b [d], attention_mask [B, S] → 비율표 [B, h, S, S]."""
    Q = split_heads(hidden @ W_q + b_q, num_heads)   # 5강처럼 x @ W
    K = split_heads(hidden @ W_k + b_k, num_heads)
    d_k = Q.shape[-1]
    att = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
    if attention_mask is not None:
        att = att.masked_fill(attention_mask[:, None, None, :] == 0, -1e9)
    return torch.softmax(att, dim=-1)
