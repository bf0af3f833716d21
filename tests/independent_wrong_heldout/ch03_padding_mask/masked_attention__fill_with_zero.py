# 실수: 가린 칸의 점수를 -1e9 가 아니라 0 으로 채움: exp(0) = 1 이라 [PAD] 에도 비율이 감
# mistake: fills the masked scores with 0 instead of -1e9; exp(0) = 1, so [PAD] keys still get weight
import torch


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    """마스크를 쓰는 scaled dot-product attention: (output [..., S_q, d_v], p_attn [..., S_q, S_k])."""
    width = query.shape[-1]
    raw = query @ key.mT
    s = raw / width ** 0.5
    if mask is not None:
        blocked = mask == 0
        s = s.masked_fill(blocked, 0.0)  # 가린 칸은 점수 없음
    p_attn = torch.softmax(s, dim=-1)
    out = p_attn @ value
    return out, p_attn
