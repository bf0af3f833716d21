# 실수: 인자 gamma, beta 대신 준비 셀의 전역 변수 emb["gamma"], emb["beta"] 로 정규화합니다. MiniLM 이 아닌 가중치에서 틀리거나 오류가 납니다.
# mistake: normalises with the setup cell's global emb["gamma"] and emb["beta"] instead of the gamma and beta arguments; wrong (or an error) for weights other than MiniLM's.
import torch

from helpers import data
from helpers.reference import layer_norm, split_heads  # noqa: F401  (건네받은 셀 그대로)

emb = data.minilm_embedding_weights()  # (준비 셀에 이미 있는 변수: 이 파일만 따로 돌릴 수 있게 다시 만듭니다)


def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    """LayerNorm(word[input_ids] + position[0..S−1] + token_type[token_type_ids]): [B, S] → [B, S, d]."""
    S = input_ids.shape[1]
    summed = word[input_ids] + position[torch.arange(S)] + token_type[token_type_ids]
    return layer_norm(summed, emb["gamma"], emb["beta"], eps)
