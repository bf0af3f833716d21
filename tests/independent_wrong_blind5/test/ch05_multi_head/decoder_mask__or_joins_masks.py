# 실수: 두 마스크를 & 가 아니라 | 로 묶음
# mistake: joins the two masks with | instead of &
import torch


# (문제 3 에서 맞게 작성한 함수)
def causal_mask(size):
    return torch.tril(torch.ones(size, size, dtype=torch.bool))


def decoder_mask(x, pad_id=0):
    """bool [B, 1, S, S]: 패딩 마스크 [B, 1, 1, S] & 미래 가리기 [S, S]."""
    pad = (x != pad_id)[:, None, None, :]
    return pad | causal_mask(x.size(1))
