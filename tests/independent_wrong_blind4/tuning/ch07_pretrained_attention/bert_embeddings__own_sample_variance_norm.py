# 실수: 건네받은 layer_norm 대신 직접 쓴 LayerNorm 에서 torch.var 기본값 (d − 1 로 나눔) 을 씀
# mistake: writes its own LayerNorm instead of the given one, with torch.var's default (÷ d − 1)
import math  # √ 계산에

import torch  # 텐서


def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    """LayerNorm(word[input_ids] + position[0..S−1] + token_type[token_type_ids]): [B, S] → [B, S, d]."""
    positions = torch.arange(input_ids.shape[-1])
    summed = word[input_ids] + position[positions] + token_type[token_type_ids]
    mean = summed.mean(dim=-1, keepdim=True)
    var = summed.var(dim=-1, keepdim=True)
    return gamma * (summed - mean) / torch.sqrt(var + eps) + beta
