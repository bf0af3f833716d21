# 실수: 5강처럼 hidden @ W 로 곱해, 가중치를 전치하지 않고 편향 b_q, b_k 도 더하지 않음
# mistake: projects as in ch05 with hidden @ W: the weights are not transposed and the biases b_q, b_k are never added
import math  # √ 계산에

import torch  # 텐서

from helpers import data
from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    Q = split_heads(hidden @ W_q, num_heads)
    K = split_heads(hidden @ W_k, num_heads)
    d_k = Q.shape[-1]
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
    if attention_mask is not None:
        keep = attention_mask.bool()[:, None, None, :]
        scores = scores.masked_fill(~keep, -1e9)
    return torch.softmax(scores, dim=-1)
