# 실수: 가리고 √d_k 로 나눈 점수표를 softmax 하지 않고 그대로 돌려줍니다
# mistake: returns the masked, scaled scores without applying the softmax
import math  # √ 계산에

import torch  # 텐서

from helpers import data

from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    Q = split_heads(hidden @ W_q.T + b_q, num_heads)
    K = split_heads(hidden @ W_k.T + b_k, num_heads)
    table = Q @ K.mT / math.sqrt(Q.shape[-1])       # 비율표 [B, h, S, S]
    if attention_mask is not None:
        table = torch.where(attention_mask[:, None, None, :] != 0, table, torch.tensor(-1e9, dtype=table.dtype))
    return table
