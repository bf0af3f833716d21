# 실수: 문장 구분 표를 token_type_ids 가 아니라 input_ids 로 찾아, 두 줄짜리 표에 낱말 번호로 들어가 IndexError 가 납니다
# mistake: looks up the segment table with input_ids instead of token_type_ids, indexing a two-row table by word ids, which raises IndexError
import math  # √ 계산에

import torch  # 텐서

from helpers import data

from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    S = input_ids.shape[1]
    summed = word[input_ids] + position[:S] + token_type[input_ids]
    return layer_norm(summed, gamma, beta, eps)
