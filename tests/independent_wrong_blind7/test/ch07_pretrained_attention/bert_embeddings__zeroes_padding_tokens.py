# 실수: 번호 0 ([PAD]) 인 토큰의 벡터를 정규화 전에 0 으로 만들어, [PAD] 자리에 beta 만 남습니다
# mistake: zeroes the vectors of tokens with id 0 ([PAD]) before the norm, so the [PAD] positions come out as beta alone
import math  # √ 계산에

import torch  # 텐서

from helpers import data

from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    positions = torch.arange(input_ids.size(-1))
    total = word[input_ids] + position[positions] + token_type[token_type_ids]
    real = (input_ids != 0).unsqueeze(-1)        # [PAD] 는 지운다
    total = total * real
    return layer_norm(total, gamma, beta, eps)
