# 실수: softmax 뒤에 비율표에 마스크를 곱했습니다. 그러면 줄의 합이 1 이 아니게 됩니다. 마스크는 softmax 앞에서 점수에 씌웁니다.
# mistake: The mask multiplies the weights after the softmax, so rows no longer sum to 1; the mask belongs on the scores before the softmax.
import math

import torch


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    """마스크를 쓰는 scaled dot-product attention: (output [..., S_q, d_v], p_attn [..., S_q, S_k])."""
    d_k = query.size(-1)
    scores = query @ key.transpose(-2, -1) / math.sqrt(d_k)
    p_attn = torch.softmax(scores, dim=-1)
    if mask is not None:
        p_attn = p_attn * mask
    return p_attn @ value, p_attn
