# 실수: 짝수·홀수 열로 엇갈리지 않고 앞 절반에 sin, 뒤 절반에 cos 을 이어 붙임
# mistake: puts all the sines in the first half and all the cosines in the second instead of alternating even and odd columns
import math

import torch


def positional_encoding(max_len, d_model):
    """사인·코사인 위치 인코딩 [max_len, d_model]: 짝수 열은 sin, 홀수 열은 cos."""
    pos = torch.arange(max_len, dtype=torch.float32).unsqueeze(1)
    i = torch.arange(0, d_model, 2, dtype=torch.float32)
    angle = pos / torch.pow(10000.0, i / d_model)
    return torch.cat([torch.sin(angle), torch.cos(angle)], dim=1)
