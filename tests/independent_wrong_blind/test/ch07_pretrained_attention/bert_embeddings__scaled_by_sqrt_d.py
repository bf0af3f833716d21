# 실수: 3장의 임베딩처럼 낱말 벡터에 √d 를 곱합니다. BERT 의 입력 벡터는 √d 를 곱하지 않습니다.
# mistake: multiplies the word vectors by √d as in ch03's embeddings; BERT's input vectors are not scaled by √d.
import math

import torch

from helpers.reference import layer_norm, split_heads  # noqa: F401  (건네받은 셀 그대로)


def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    """LayerNorm(word[input_ids] + position[0..S−1] + token_type[token_type_ids]): [B, S] → [B, S, d]."""
    d = word.shape[-1]
    S = input_ids.shape[-1]
    summed = word[input_ids] * math.sqrt(d) + position[torch.arange(S)] + token_type[token_type_ids]
    return layer_norm(summed, gamma, beta, eps)
