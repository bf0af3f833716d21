# 실수: 세 임베딩을 더하기만 하고 LayerNorm 을 씌우지 않습니다 (gamma, beta, eps 가 쓰이지 않음).
# mistake: only sums the three embeddings and never applies the LayerNorm (gamma, beta and eps are unused).
import torch

from helpers.reference import layer_norm, split_heads  # noqa: F401  (건네받은 셀 그대로)


def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    """LayerNorm(word[input_ids] + position[0..S−1] + token_type[token_type_ids]): [B, S] → [B, S, d]."""
    positions = torch.arange(input_ids.shape[1])
    return word[input_ids] + position[positions] + token_type[token_type_ids]
