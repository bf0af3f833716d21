# 실수: 3장의 [B, 1, S] 패딩 마스크를 그대로 써서 [B, S, S] 가 나오고 머리 축이 빠졌습니다.
# mistake: Reuses ch03's [B, 1, S] padding mask, so the result is [B, S, S] with no head axis.
import torch


def causal_mask(size):
    return torch.tril(torch.ones(size, size, dtype=torch.bool))


def decoder_mask(x, pad_id=0):
    """bool [B, 1, S, S]: 패딩 마스크 [B, 1, 1, S] & 미래 가리기 [S, S]."""
    pad = (x != pad_id).unsqueeze(1)
    return pad & causal_mask(x.size(1))
