# 실수: 두 마스크를 & 가 아니라 | 로 묶음: 둘 중 하나만 허락해도 보이게 되어 미래의 실제 낱말도, 지난 [PAD] 도 보임
# mistake: combines the two masks with | instead of &, so a cell is visible when either mask allows it (future real tokens and past [PAD] both leak in)
import torch


def decoder_mask(x, pad_id=0):
    """bool [B, 1, S, S]: 패딩 마스크 [B, 1, 1, S] & 미래 가리기 [S, S]."""
    S = x.shape[1]
    pad_ok = (x != pad_id).unsqueeze(1).unsqueeze(2)       # [B, 1, 1, S]
    past_ok = torch.ones(S, S, dtype=torch.bool).tril()    # [S, S]
    return pad_ok | past_ok
