# 실수: BERT-base 처럼 머리 폭을 64 로 보고 머리 수를 d // 64 로 계산해, num_heads 인자가 아무 영향이 없습니다
# mistake: assumes BERT-base's head width of 64 and computes the number of heads as d // 64, so the num_heads argument has no effect
import math  # √ 계산에

import torch  # 텐서

from helpers import data

from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    h = hidden.shape[-1] // 64          # BERT 의 머리 폭은 64
    q = split_heads(hidden @ W_q.T + b_q, h)
    k = split_heads(hidden @ W_k.T + b_k, h)
    att = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])
    if attention_mask is not None:
        att = att.masked_fill(attention_mask[:, None, None, :] == 0, -1e9)
    return att.softmax(dim=-1)
