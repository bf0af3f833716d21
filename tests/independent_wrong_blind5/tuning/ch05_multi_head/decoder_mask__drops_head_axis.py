# 실수: 3강처럼 [B, 1, S] 패딩 마스크와 묶어 머리 축이 없는 [B, S, S] 를 돌려줌
# mistake: combines with ch03's [B, 1, S] padding mask, returning [B, S, S] without the head axis
import torch


# (문제 3 에서 맞게 작성한 함수)
def causal_mask(size):
    return torch.tril(torch.ones(size, size, dtype=torch.bool))


def decoder_mask(x, pad_id=0):
    """bool [B, 1, S, S]: 패딩 마스크 [B, 1, 1, S] & 미래 가리기 [S, S]."""
    pad = (x != pad_id).unsqueeze(1)
    return pad & causal_mask(x.size(-1))
