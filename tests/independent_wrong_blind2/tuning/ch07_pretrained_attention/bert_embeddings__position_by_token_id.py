# 실수: 위치 표를 자리 번호 0…S−1 이 아니라 토큰 번호 input_ids 로 찾아서, 번호가 표의 줄 수를 넘으면 오류가 납니다.
# mistake: The position table is indexed with the token ids instead of the positions 0..S-1, which fails once an id exceeds the table's rows.
import torch

from helpers.reference import layer_norm, split_heads  # 건네받은 셀과 같은 가져오기


def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    """LayerNorm(word[input_ids] + position[0..S−1] + token_type[token_type_ids]): [B, S] → [B, S, d]."""
    summed = word[input_ids] + position[input_ids] + token_type[token_type_ids]
    return layer_norm(summed, gamma, beta, eps)
