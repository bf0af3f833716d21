# 실수: 문장 구분 표에서 언제나 token_type[0] 만 더해, token_type_ids 가 쓰이지 않습니다. 둘째 문장(번호 1)의 토큰이 틀립니다.
# mistake: Only token_type[0] is ever added, so token_type_ids is ignored and tokens of the second segment (type 1) come out wrong.
import torch

from helpers.reference import layer_norm, split_heads  # 건네받은 셀과 같은 가져오기


def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    """LayerNorm(word[input_ids] + position[0..S−1] + token_type[token_type_ids]): [B, S] → [B, S, d]."""
    S = input_ids.size(-1)
    summed = word[input_ids] + position[:S] + token_type[0]
    return layer_norm(summed, gamma, beta, eps)
