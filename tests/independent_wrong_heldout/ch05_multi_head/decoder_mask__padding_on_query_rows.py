# 실수: 패딩 마스크를 [B, 1, S, 1] 로 만들어 [PAD] 의 Key 열이 아니라 [PAD] 의 Query 줄을 가림
# mistake: shapes the padding mask [B, 1, S, 1], so it hides the [PAD] query rows instead of the [PAD] key columns
import torch


def decoder_mask(x, pad_id=0):
    """bool [B, 1, S, S]: 패딩 마스크 [B, 1, 1, S] & 미래 가리기 [S, S]."""
    S = x.size(-1)
    not_pad = (x != pad_id)[:, None, :, None]            # [B, 1, S, 1]
    lower = torch.tril(torch.ones(S, S, dtype=torch.bool))  # [S, S]
    return not_pad & lower
