# 실수: 강의의 d_model = 6 을 박아 넣어 표의 폭이 언제나 6
# mistake: hard-codes the lecture's d_model = 6, so the table is always 6 wide
import math

import torch


def positional_encoding(max_len, d_model):
    """사인·코사인 위치 인코딩 [max_len, d_model]: 짝수 열은 sin, 홀수 열은 cos."""
    enc = torch.zeros(max_len, 6)
    pos = torch.arange(max_len).float()[:, None]
    denominators = 10000 ** (torch.arange(0, 6, 2).float() / 6)
    enc[:, 0::2] = torch.sin(pos / denominators)
    enc[:, 1::2] = torch.cos(pos / denominators)
    return enc
