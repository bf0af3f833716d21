# 실수: 위치를 1 부터 세어 position[1:S+1] 을 더했습니다. 첫 토큰 [CLS] 는 position[0] 입니다.
# mistake: Positions are counted from 1 (position[1:S+1]); the first token [CLS] takes position[0].
import torch

from helpers.reference import layer_norm, split_heads  # 건네받은 셀과 같은 가져오기


def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    """LayerNorm(word[input_ids] + position[0..S−1] + token_type[token_type_ids]): [B, S] → [B, S, d]."""
    S = input_ids.shape[1]
    summed = word[input_ids] + position[1:S + 1] + token_type[token_type_ids]
    return layer_norm(summed, gamma, beta, eps)
