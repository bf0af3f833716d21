# 실수: sin 과 cos 를 번갈아 넣지 않고 앞 절반은 sin, 뒤 절반은 cos 로 이어 붙임 (torch.cat)
# mistake: concatenates all the sin columns then all the cos columns (torch.cat) instead of interleaving sin on even and cos on odd columns
import torch


def positional_encoding(max_len, d_model):
    """사인·코사인 위치 인코딩 [max_len, d_model]: 짝수 열은 sin, 홀수 열은 cos."""
    pos = torch.arange(max_len).float().unsqueeze(1)   # [max_len, 1]
    two_i = 2 * torch.arange(d_model // 2).float()      # [d_model / 2]: 0, 2, 4, …
    angle = pos / (10000 ** (two_i / d_model))
    return torch.cat([torch.sin(angle), torch.cos(angle)], dim=1)
