# 실수: layer_norm 에 eps 를 넘기지 않아 BERT 의 1e-12 (또는 받은 eps) 대신 6장의 기본값 1e-5 로 정규화합니다. 분산이 작은 줄에서 달라집니다.
# mistake: does not pass eps to layer_norm, so it normalises with ch06's default 1e-5 instead of BERT's 1e-12 (or the given eps); rows with a small variance differ.
import torch

from helpers.reference import layer_norm, split_heads  # noqa: F401  (건네받은 셀 그대로)


def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    """LayerNorm(word[input_ids] + position[0..S−1] + token_type[token_type_ids]): [B, S] → [B, S, d]."""
    S = input_ids.shape[1]
    summed = word[input_ids] + position[torch.arange(S)] + token_type[token_type_ids]
    return layer_norm(summed, gamma, beta)
