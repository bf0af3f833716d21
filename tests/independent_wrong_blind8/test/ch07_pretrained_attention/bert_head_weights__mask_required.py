# 실수: attention_mask 가 None 인지 보지 않고 늘 인덱싱해 기본값 None 으로 부르면 오류가 남
# mistake: always indexes attention_mask without checking for None, so calling it with the default None raises
import math  # √ 계산에

import torch  # 텐서

from helpers import data
from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    """hidden [B, S, d], W [d, d] (nn.Linear 꼴), b [d], attention_mask [B, S] → 비율표 [B, h, S, S]."""
    Q = split_heads(hidden @ W_q.T + b_q, num_heads)
    K = split_heads(hidden @ W_k.T + b_k, num_heads)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    key_is_pad = attention_mask[:, None, None, :] == 0   # [B, 1, 1, S]
    scores = scores.masked_fill(key_is_pad, -1e9)
    return torch.softmax(scores, dim=-1)
