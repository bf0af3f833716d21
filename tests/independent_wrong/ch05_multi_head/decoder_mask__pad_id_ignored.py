# 실수: pad_id 를 쓰지 않고 0 과 비교했습니다.
# mistake: Compares with 0 instead of the pad_id argument.
import torch


def causal_mask(size):
    return torch.tril(torch.ones(size, size, dtype=torch.bool))


def decoder_mask(x, pad_id=0):
    """bool [B, 1, S, S]: 패딩 마스크 [B, 1, 1, S] & 미래 가리기 [S, S]."""
    pad = (x != 0)[:, None, None, :]
    return pad & causal_mask(x.size(-1))
