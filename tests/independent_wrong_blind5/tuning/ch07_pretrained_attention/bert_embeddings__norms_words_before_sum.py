# 실수: LayerNorm 을 합에 씌우지 않고 낱말 임베딩에만 씌운 뒤 위치와 문장 구분을 더함
# mistake: applies the LayerNorm to the word embeddings alone and then adds the position and segment rows
import math

import torch

from helpers.given import layer_norm, split_heads


def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    """LayerNorm(word[input_ids] + position[0..S−1] + token_type[token_type_ids]): [B, S] → [B, S, d]."""
    S = input_ids.size(1)
    words = layer_norm(word[input_ids], gamma, beta, eps)
    return words + position[:S] + token_type[token_type_ids]
