# 실수: attention_mask 가 None 이면 `torch.ones_like(hidden)` ([B, S, d]) 으로 채워, 기본값으로 부르면 마스크 모양이 맞지 않아 오류가 납니다
# mistake: fills a missing attention_mask with torch.ones_like(hidden) ([B, S, d]), so with the default the mask has the wrong shape and it fails
import math  # √ 계산에

import torch  # 텐서

from helpers import data

from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    if attention_mask is None:
        attention_mask = torch.ones_like(hidden)     # 모두 실제 토큰
    Q = split_heads(hidden @ W_q.T + b_q, num_heads)
    K = split_heads(hidden @ W_k.T + b_k, num_heads)
    s = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    s = s.masked_fill(attention_mask[:, None, None, :] == 0, -1e9)
    return torch.softmax(s, dim=-1)
