# 실수: token_type_ids 를 쓰지 않고 모든 토큰에 token_type[0] 을 더함
# mistake: ignores token_type_ids and adds token_type[0] to every token
import math  # √ 계산에

import torch  # 텐서

from helpers import data
from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    """LayerNorm(word[input_ids] + position[0..S−1] + token_type[token_type_ids]): [B, S] → [B, S, d]."""
    seq_len = input_ids.size(-1)
    emb = word[input_ids] + position[torch.arange(seq_len)] + token_type[0]  # 문장 A
    return layer_norm(emb, gamma, beta, eps)
