# 실수: attention_mask [B, S] 를 [B, 1, 1, S] 로 바꾸지 않고 그대로 masked_fill 에 넣어, 문장 축이 Query 축에 놓임
# mistake: passes attention_mask [B, S] to masked_fill as is, without making it [B, 1, 1, S], so the sentence axis lands on the query axis
import math  # √ 계산에

import torch  # 텐서

from helpers import data
from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    Q = split_heads(hidden @ W_q.T + b_q, num_heads)
    K = split_heads(hidden @ W_k.T + b_k, num_heads)
    att = Q @ K.transpose(-2, -1) / math.sqrt(Q.shape[-1])
    if attention_mask is not None:
        att = att.masked_fill(attention_mask == 0, -1e9)
    return torch.softmax(att, dim=-1)
