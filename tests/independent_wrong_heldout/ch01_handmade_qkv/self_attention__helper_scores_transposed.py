# 실수: self_attention 은 맞지만, 같이 쓴 dot_scores 의 einsum 출력 첨자가 뒤바뀌어 (...ji) 점수표가 전치됨 (Kᵀ·Q 꼴)
# mistake: self_attention itself is right, but the dot_scores it calls writes the einsum output indices swapped (...ji), so the score table is transposed
import math

import torch


def dot_scores(Q, K):
    return torch.einsum("...id,...jd->...ji", Q, K)


def scale_scores(scores, d_k):
    return scores / math.sqrt(d_k)


def row_softmax(scores):
    e = torch.exp(scores - scores.amax(dim=-1, keepdim=True))
    return e / e.sum(dim=-1, keepdim=True)


def mix_values(weights, V):
    return weights @ V


def self_attention(Q, K, V):
    """위의 네 함수로 만든 셀프 어텐션: (output [..., S_q, d_v], weights [..., S_q, S_k])."""
    scores = dot_scores(Q, K)
    scaled = scale_scores(scores, Q.shape[-1])
    weights = row_softmax(scaled)
    return mix_values(weights, V), weights
