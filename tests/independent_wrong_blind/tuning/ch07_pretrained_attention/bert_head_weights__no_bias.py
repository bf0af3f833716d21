# 실수: Q 와 K 에 편향 b_q, b_k 를 더하지 않습니다. 두 인자가 결과에 쓰이지 않습니다.
# mistake: leaves out the biases b_q and b_k of Q and K; those two arguments never affect the output.
import math

import torch

from helpers.reference import layer_norm, split_heads  # noqa: F401  (건네받은 셀 그대로)


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    """hidden [B, S, d], W [d, d] (nn.Linear 꼴), b [d], attention_mask [B, S] → 비율표 [B, h, S, S]."""
    Q = split_heads(hidden @ W_q.T, num_heads)
    K = split_heads(hidden @ W_k.T, num_heads)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.shape[-1])
    if attention_mask is not None:
        keep = attention_mask[:, None, None, :] != 0
        scores = scores.masked_fill(~keep, -1e9)
    return torch.softmax(scores, dim=-1)
