# 실수: 패딩 마스크를 [B, 1, S, 1] 로 세워서 [PAD] 열(Key)이 아니라 [PAD] 줄(Query)을 가립니다.
# mistake: shapes the padding mask as [B, 1, S, 1], which hides the [PAD] query rows instead of the [PAD] key columns.
import torch


# (문제 3 에서 맞게 작성한 함수)
def causal_mask(size):
    return torch.tril(torch.ones(size, size, dtype=torch.bool))


def decoder_mask(x, pad_id=0):
    """bool [B, 1, S, S]: 패딩 마스크 [B, 1, 1, S] & 미래 가리기 [S, S]."""
    pad = (x != pad_id)[:, None, :, None]
    return pad & causal_mask(x.size(1))
