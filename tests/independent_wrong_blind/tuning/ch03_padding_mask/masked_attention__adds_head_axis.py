# 실수: 받은 마스크에 unsqueeze(1) 로 축을 하나 더 끼웁니다. [batch, 1, S_k] 마스크가 [batch, 1, 1, S_k] 가 되어 점수표 [batch, S_q, S_k] 와 엇갈려 퍼지고, 비율표와 출력이 [batch, batch, S_q, …] 처럼 엉뚱한 모양이 됩니다.
# mistake: inserts an extra axis with mask.unsqueeze(1), so a [batch, 1, S_k] mask becomes [batch, 1, 1, S_k], broadcasts crosswise against the [batch, S_q, S_k] scores, and the weights and output come out with a wrong shape such as [batch, batch, S_q, …].
import math

import torch


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    """마스크를 쓰는 scaled dot-product attention: (output [..., S_q, d_v], p_attn [..., S_q, S_k])."""
    scores = query @ key.transpose(-2, -1) / math.sqrt(query.size(-1))
    if mask is not None:
        mask = mask.unsqueeze(1)
        scores = scores.masked_fill(~mask.bool(), -1e9)
    attn = torch.softmax(scores, dim=-1)
    return attn @ value, attn
