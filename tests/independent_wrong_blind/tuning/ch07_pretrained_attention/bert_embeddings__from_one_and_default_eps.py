# 실수: 두 가지가 함께 틀렸습니다. 위치를 1 부터 세고(position[1 … S]), layer_norm 에 eps 도 넘기지 않습니다.
# mistake: two mistakes at once: counts positions from 1 (position[1 … S]) and does not pass eps to layer_norm.
import torch

from helpers.reference import layer_norm, split_heads  # noqa: F401  (건네받은 셀 그대로)


def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    """LayerNorm(word[input_ids] + position[0..S−1] + token_type[token_type_ids]): [B, S] → [B, S, d]."""
    S = input_ids.shape[1]
    pos = position[torch.arange(1, S + 1)]
    return layer_norm(word[input_ids] + pos + token_type[token_type_ids], gamma, beta)
