# 실수: 점수를 √d_k 대신 머리 수의 제곱근 √num_heads 로 나눔
# mistake: divides the scores by √num_heads instead of √d_k
import math  # √ 계산에

import torch  # 텐서

from helpers import data
from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    Q = split_heads(torch.nn.functional.linear(hidden, W_q, b_q), num_heads)
    K = split_heads(torch.nn.functional.linear(hidden, W_k, b_k), num_heads)
    att = torch.matmul(Q, K.transpose(-2, -1)) / math.sqrt(num_heads)
    if attention_mask is not None:
        att = att.masked_fill(attention_mask[:, None, None, :] == 0, -1e9)
    return torch.softmax(att, dim=-1)
