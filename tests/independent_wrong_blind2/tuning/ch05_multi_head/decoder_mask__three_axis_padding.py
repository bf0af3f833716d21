# 실수: 3장처럼 패딩 마스크를 [B, 1, S] 로 만들어 결과가 [B, S, S] 입니다. 머리 축 자리를 남긴 [B, 1, 1, S] 로 만들어야 [B, 1, S, S] 가 됩니다.
# mistake: The padding mask is made [B, 1, S] as in ch03, so the result is [B, S, S]; it must be [B, 1, 1, S] to give [B, 1, S, S].
import torch

# (문제 3 에서 맞게 작성한 함수)
def causal_mask(size):
    return torch.tril(torch.ones(size, size, dtype=torch.bool))


def decoder_mask(x, pad_id=0):
    """bool [B, 1, S, S]: 패딩 마스크 [B, 1, 1, S] & 미래 가리기 [S, S]."""
    pad = (x != pad_id).unsqueeze(1)
    return pad & causal_mask(x.shape[1])
