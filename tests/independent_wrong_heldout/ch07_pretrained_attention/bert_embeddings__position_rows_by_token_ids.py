# 실수: 위치 표를 0, 1, …, S−1 이 아니라 낱말 번호 input_ids 로 꺼냄 (word 줄을 복사해 고치지 않음)
# mistake: indexes the position table with the token ids input_ids instead of 0, 1, …, S−1 (the word line copied and not edited)
import torch

from helpers.reference import layer_norm  # 건네받은 셀과 같은 import


def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    """LayerNorm(word[input_ids] + position[0..S−1] + token_type[token_type_ids]): [B, S] → [B, S, d]."""
    w = word[input_ids]
    p = position[input_ids]
    t = token_type[token_type_ids]
    return layer_norm(w + p + t, gamma, beta, eps)
