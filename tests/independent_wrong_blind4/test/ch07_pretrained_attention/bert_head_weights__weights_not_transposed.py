# 실수: [d_out, d_in] 가중치를 전치하지 않고 hidden @ W_q + b_q 로 곱함
# mistake: multiplies hidden @ W_q + b_q without transposing the [d_out, d_in] weights
import math  # √ 계산에

import torch  # 텐서

from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    """hidden [B, S, d], W [d, d] (nn.Linear 꼴), b [d], attention_mask [B, S] → 비율표 [B, h, S, S]."""
    Q = split_heads(hidden @ W_q + b_q, num_heads)
    K = split_heads(hidden @ W_k + b_k, num_heads)
    logits = Q @ K.transpose(-2, -1) / math.sqrt(Q.shape[-1])
    if attention_mask is not None:
        keep = attention_mask[:, None, None, :]
        logits = logits.masked_fill(keep == 0, -1e9)
    return torch.softmax(logits, dim=-1)
