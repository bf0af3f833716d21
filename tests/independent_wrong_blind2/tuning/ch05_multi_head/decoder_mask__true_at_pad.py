# 실수: x == pad_id 로 [PAD] 자리를 True 로 만들어, 실제 낱말은 가리고 [PAD] 만 보게 합니다.
# mistake: x == pad_id makes the [PAD] positions True, so real tokens are hidden and only [PAD] is visible.
import torch

# (문제 3 에서 맞게 작성한 함수)
def causal_mask(size):
    return torch.tril(torch.ones(size, size, dtype=torch.bool))


def decoder_mask(x, pad_id=0):
    """bool [B, 1, S, S]: 패딩 마스크 [B, 1, 1, S] & 미래 가리기 [S, S]."""
    S = x.shape[-1]
    pad = (x == pad_id)[:, None, None, :]
    return pad & causal_mask(S)
