# 실수: 받은 eps 를 layer_norm 에 넘기지 않아 BERT 의 1e-12 가 아니라 6장의 기본값 1e-5 로 정규화함
# mistake: does not forward eps to layer_norm, so it normalises with chapter 6's default 1e-5 instead of the given eps (BERT's 1e-12)
import torch

from helpers.reference import layer_norm  # 건네받은 셀과 같은 import


def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    """LayerNorm(word[input_ids] + position[0..S−1] + token_type[token_type_ids]): [B, S] → [B, S, d]."""
    S = input_ids.shape[1]
    places = torch.arange(S)
    summed = word[input_ids] + position[places] + token_type[token_type_ids]
    return layer_norm(summed, gamma, beta)
