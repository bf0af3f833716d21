# 실수: 편향을 곱하기 전에 더해 (hidden + b) @ W.T 로 Q, K 를 만듦
# mistake: adds the bias before multiplying, computing Q and K as (hidden + b) @ W.T
import math  # √ 계산에

import torch  # 텐서

from helpers import data
from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    Q = (hidden + b_q) @ W_q.T
    K = (hidden + b_k) @ W_k.T
    Q, K = split_heads(Q, num_heads), split_heads(K, num_heads)
    s = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if attention_mask is not None:
        s = s.masked_fill(attention_mask[:, None, None, :] == 0, -1e9)
    return torch.softmax(s, dim=-1)
