# 실수: 문장 구분 임베딩 token_type[token_type_ids] 를 더하지 않습니다. 인자 token_type_ids 와 token_type 이 결과에 쓰이지 않습니다.
# mistake: leaves out the segment embedding token_type[token_type_ids]; the token_type_ids and token_type arguments never affect the output.
import torch

from helpers.reference import layer_norm, split_heads  # noqa: F401  (건네받은 셀 그대로)


def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    """LayerNorm(word[input_ids] + position[0..S−1] + token_type[token_type_ids]): [B, S] → [B, S, d]."""
    S = input_ids.shape[1]
    summed = word[input_ids] + position[torch.arange(S)]
    return layer_norm(summed, gamma, beta, eps)
