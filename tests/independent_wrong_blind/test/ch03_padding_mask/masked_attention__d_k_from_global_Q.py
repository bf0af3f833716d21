# 실수: √d_k 의 d_k 를 인자 query 가 아니라 준비 셀의 전역 변수 Q 에서 읽습니다 (Q.size(-1) = 6). d_k 가 6 이 아닌 입력에서 틀립니다.
# mistake: reads d_k from the setup cell's global Q (Q.size(-1) = 6) instead of the query argument; wrong whenever d_k is not 6.
import math

import torch
from torch import nn

from helpers import data, reference

# (준비 셀의 Q, K, V: 이 파일만 따로 돌릴 수 있게 강의와 같은 방법으로 다시 만듭니다)
torch.manual_seed(0)
_embed = reference.Embeddings(6, len(data.VOCAB))
_X = reference.PositionalEncoding(6, max_len=100)(_embed(data.sentence_batch())).detach()
Q, K, V = (layer(_X).detach() for layer in [nn.Linear(6, 6, bias=False) for _ in range(3)])


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    """마스크를 쓰는 scaled dot-product attention: (output [..., S_q, d_v], p_attn [..., S_q, S_k])."""
    att = query @ key.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if mask is not None:
        att = att.masked_fill(mask.eq(0), -1e9)
    weights = att.softmax(-1)
    return weights @ value, weights
