# 실수: pad_id 와 비교하지 않고 0 과 비교해서 인자 pad_id 가 마스크에 쓰이지 않습니다.
# mistake: compares with 0 instead of pad_id, so the pad_id parameter never reaches the mask.
import torch


# (문제 3 에서 맞게 작성한 함수)
def causal_mask(size):
    return torch.tril(torch.ones(size, size, dtype=torch.bool))


def decoder_mask(x, pad_id=0):
    """bool [B, 1, S, S]: 패딩 마스크 [B, 1, 1, S] & 미래 가리기 [S, S]."""
    pad = (x != 0)[:, None, None, :]
    return pad & causal_mask(x.size(-1))
