# 실수: 자리를 0 이 아니라 1 부터 셉니다 (torch.arange(1, max_len + 1)).
# mistake: counts positions from 1 instead of 0 (torch.arange(1, max_len + 1)).
import torch


def positional_encoding(max_len, d_model):
    """사인·코사인 위치 인코딩 [max_len, d_model]: 짝수 열은 sin, 홀수 열은 cos."""
    pos = torch.arange(1, max_len + 1, dtype=torch.float32)[:, None]
    freq = 1.0 / 10000 ** (torch.arange(0, d_model, 2, dtype=torch.float32) / d_model)
    enc = torch.empty(max_len, d_model)
    enc[:, 0::2] = torch.sin(pos * freq)
    enc[:, 1::2] = torch.cos(pos * freq)
    return enc
