# 실수: 모델 파일의 가중치는 [d_out, d_in] 인데 전치하지 않고 hidden @ W_q + b_q 로 곱합니다.
# mistake: multiplies by the stored weight without transposing, hidden @ W_q + b_q, although the file stores it as [d_out, d_in].
import math

import torch

from helpers.reference import layer_norm, split_heads  # noqa: F401  (건네받은 셀 그대로)


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    """hidden [B, S, d], W [d, d] (nn.Linear 꼴), b [d], attention_mask [B, S] → 비율표 [B, h, S, S]."""
    Q = split_heads(hidden @ W_q + b_q, num_heads)
    K = split_heads(hidden @ W_k + b_k, num_heads)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if attention_mask is not None:
        pad_keys = attention_mask[:, None, None, :] == 0  # [B, 1, 1, S]
        scores = scores.masked_fill(pad_keys, -1e9)
    return torch.softmax(scores, dim=-1)
