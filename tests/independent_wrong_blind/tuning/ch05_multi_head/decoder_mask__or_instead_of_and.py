# 실수: 두 마스크를 & 가 아니라 | 로 묶어서, 둘 중 하나만 허락해도 보이게 됩니다 (미래나 [PAD] 가 다시 보임).
# mistake: combines the two masks with | instead of &, so a cell is visible when either mask allows it (the future or [PAD] shows again).
import torch


# (문제 3 에서 맞게 작성한 함수)
def causal_mask(size):
    return torch.tril(torch.ones(size, size, dtype=torch.bool))


def decoder_mask(x, pad_id=0):
    """bool [B, 1, S, S]: 패딩 마스크 [B, 1, 1, S] & 미래 가리기 [S, S]."""
    pad = (x != pad_id).unsqueeze(1).unsqueeze(2)
    return pad | causal_mask(x.size(-1))
