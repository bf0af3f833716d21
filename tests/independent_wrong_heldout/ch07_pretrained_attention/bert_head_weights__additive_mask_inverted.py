# 실수: 허깅페이스식 더하는 마스크를 흉내 내며 attention_mask · (−1e9) 를 더함: (1 − mask) 가 아니라 mask 라서 [PAD] 가 아니라 실제 토큰이 가려짐
# mistake: imitates Hugging Face's additive mask but adds attention_mask · (−1e9) instead of (1 − attention_mask) · (−1e9), so the real tokens are hidden instead of [PAD]
import math

import torch

from helpers.reference import split_heads  # 건네받은 셀과 같은 import


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    """hidden [B, S, d], W [d, d] (nn.Linear 꼴), b [d], attention_mask [B, S] → 비율표 [B, h, S, S]."""
    q = split_heads(hidden @ W_q.T + b_q, num_heads)
    k = split_heads(hidden @ W_k.T + b_k, num_heads)
    s = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(q.size(-1))
    if attention_mask is not None:
        s = s + attention_mask[:, None, None, :].to(s.dtype) * -1e9
    return s.softmax(dim=-1)
