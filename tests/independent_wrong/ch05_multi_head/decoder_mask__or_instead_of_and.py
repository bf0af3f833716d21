# 실수: 두 마스크를 & 가 아니라 | 로 묶어서 둘 중 하나만 보이면 True 가 되었습니다.
# mistake: Combines the two masks with | instead of &, so a key is visible if either mask allows it.
import torch


def causal_mask(size):
    return torch.tril(torch.ones(size, size, dtype=torch.bool))


def decoder_mask(x, pad_id=0):
    """bool [B, 1, S, S]: 패딩 마스크 [B, 1, 1, S] & 미래 가리기 [S, S]."""
    pad = (x != pad_id).unsqueeze(1).unsqueeze(2)
    return pad | causal_mask(x.size(1))
