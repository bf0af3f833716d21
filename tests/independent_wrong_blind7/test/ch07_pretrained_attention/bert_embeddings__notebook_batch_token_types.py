# 실수: 문장 구분 번호를 token_type_ids 인자가 아니라 준비 셀의 전역 batch["token_type_ids"] 에서 꺼냅니다
# mistake: takes the segment ids from the setup cell's global batch['token_type_ids'] instead of the token_type_ids argument
import math  # √ 계산에

import torch  # 텐서

from helpers import data

from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


# (준비 셀에 이미 있는 변수: batch, emb, layer0)
batch = data.minilm_batch(list(data.EXAMPLE_SENTENCES))
emb = data.minilm_embedding_weights()
layer0 = data.minilm_layer_weights(0)


def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    seq = input_ids.size(-1)
    vectors = word[input_ids] + position[torch.arange(seq)]
    vectors = vectors + token_type[batch["token_type_ids"]]
    return layer_norm(vectors, gamma, beta, eps)
