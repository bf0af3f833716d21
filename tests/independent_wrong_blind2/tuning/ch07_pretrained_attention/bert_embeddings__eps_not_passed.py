# 실수: layer_norm 에 eps 를 넘기지 않아 6장의 기본값 1e-5 가 쓰입니다. 받은 eps (BERT 는 1e-12) 를 넘겨야 합니다.
# mistake: eps is not passed to layer_norm, so ch06's default 1e-5 is used; the received eps (1e-12 for BERT) must be passed on.
import torch

from helpers.reference import layer_norm, split_heads  # 건네받은 셀과 같은 가져오기


def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    """LayerNorm(word[input_ids] + position[0..S−1] + token_type[token_type_ids]): [B, S] → [B, S, d]."""
    positions = torch.arange(input_ids.size(1))
    x = word[input_ids] + position[positions] + token_type[token_type_ids]
    return layer_norm(x, gamma, beta)
