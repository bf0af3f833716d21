# 실수: 위치를 0 이 아니라 1 부터 세어 position[1 … S] 를 더합니다. 첫 토큰 [CLS] 는 position[0] 이어야 합니다.
# mistake: counts positions from 1 and adds position[1 … S]; the first token [CLS] must get position[0].
import torch

from helpers.reference import layer_norm, split_heads  # noqa: F401  (건네받은 셀 그대로)


def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    """LayerNorm(word[input_ids] + position[0..S−1] + token_type[token_type_ids]): [B, S] → [B, S, d]."""
    S = input_ids.size(-1)
    positions = torch.arange(1, S + 1)
    summed = word[input_ids] + position[positions] + token_type[token_type_ids]
    return layer_norm(summed, gamma, beta, eps)
