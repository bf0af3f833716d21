# 실수: layer_norm 에 eps 를 넘기지 않아 1e-5 가 쓰임
# mistake: does not pass eps to layer_norm, so 1e-5 is used
import math

import torch

from helpers.given import layer_norm, split_heads


def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    S = input_ids.shape[1]
    summed = word[input_ids] + position[:S] + token_type[token_type_ids]
    return layer_norm(summed, gamma, beta)
