# 실수: nn.MultiheadAttention 처럼 True 를 '가림'으로 읽어 마스크가 True/1 인 칸을 -1e9 로 바꿉니다. 실제 낱말을 가리고 [PAD] 만 봅니다.
# mistake: reads True as "hide" (nn.MultiheadAttention's convention) and fills the True/1 cells with -1e9, hiding the real tokens and keeping [PAD].
import math

import torch


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    """마스크를 쓰는 scaled dot-product attention: (output [..., S_q, d_v], p_attn [..., S_q, S_k])."""
    scores = query @ key.transpose(-2, -1) / math.sqrt(query.size(-1))
    if mask is not None:
        scores = torch.where(mask.bool(), torch.tensor(-1e9), scores)  # True 인 칸을 가린다
    attn = scores.softmax(dim=-1)
    return attn @ value, attn
