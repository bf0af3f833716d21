# 실수: 3장 습관으로 낱말 임베딩에 √d 를 곱함
# mistake: multiplies the word embeddings by √d out of chapter 3 habit
import math

import torch

from helpers.given import layer_norm, split_heads


def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    S = input_ids.shape[1]
    d = word.shape[1]
    summed = word[input_ids] * math.sqrt(d) + position[:S] + token_type[token_type_ids]
    return layer_norm(summed, gamma, beta, eps)
