# 실수: 위치를 1 부터 꺼내 position[1:S+1] (표 끝을 넘을 수 있음)
# mistake: takes position[1:S+1], counting from 1 and running past a table of exactly S rows
import math

import torch

from helpers.given import layer_norm, split_heads


def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    S = input_ids.shape[1]
    summed = word[input_ids] + position[1:S + 1] + token_type[token_type_ids]
    return layer_norm(summed, gamma, beta, eps)
