# 실수: attention_mask 가 None 인지 보지 않고 .bool() 을 불러, 마스크 없이 부르면 오류가 남
# mistake: calls .bool() on attention_mask without checking for None, so a call without a mask fails
import math

import torch

from helpers.given import layer_norm, split_heads


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    """hidden [B, S, d], W [d, d] (nn.Linear 꼴), b [d], attention_mask [B, S] → 비율표 [B, h, S, S]."""
    Q = split_heads(hidden @ W_q.T + b_q, num_heads)
    K = split_heads(hidden @ W_k.T + b_k, num_heads)
    logits = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    keep = attention_mask.bool()[:, None, None, :]
    logits = logits.masked_fill(~keep, -1e9)
    return torch.softmax(logits, dim=-1)
