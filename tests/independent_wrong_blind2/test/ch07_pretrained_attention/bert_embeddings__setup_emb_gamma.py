# 실수: LayerNorm 의 γ, β 를 인자 gamma, beta 가 아니라 준비 셀의 emb["gamma"], emb["beta"] 에서 꺼냈습니다.
# mistake: The LayerNorm gamma and beta are taken from the setup cell's emb["gamma"], emb["beta"] instead of the gamma and beta arguments.
import torch

from helpers.reference import layer_norm, split_heads  # 건네받은 셀과 같은 가져오기
from helpers import data

# (준비 셀에 이미 있는 변수: emb)
emb = data.minilm_embedding_weights()


def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    """LayerNorm(word[input_ids] + position[0..S−1] + token_type[token_type_ids]): [B, S] → [B, S, d]."""
    S = input_ids.shape[-1]
    summed = word[input_ids] + position[torch.arange(S)] + token_type[token_type_ids]
    return layer_norm(summed, emb["gamma"], emb["beta"], eps)
