# 실수: attention_mask 가 None 인지 보지 않고 인덱싱해서, 기본값 None 으로 부르면 오류가 납니다.
# mistake: attention_mask is indexed without checking for None, so the default attention_mask=None raises an error.
import math

import torch

from helpers.reference import layer_norm, split_heads  # 건네받은 셀과 같은 가져오기


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    """hidden [B, S, d], W [d, d] (nn.Linear 꼴), b [d], attention_mask [B, S] → 비율표 [B, h, S, S]."""
    Q = split_heads(hidden @ W_q.T + b_q, num_heads)
    K = split_heads(hidden @ W_k.T + b_k, num_heads)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.shape[-1])
    keep = attention_mask[:, None, None, :] != 0
    scores = torch.where(keep, scores, torch.tensor(-1e9, dtype=scores.dtype))
    return torch.softmax(scores, dim=-1)
