# 실수: 열마다 자기 번호 j 로 10000^(j / d_model) 을 구해서, 홀수 열 2i+1 이 짝수 열 2i 와 다른 분모를 씁니다. 두 열은 같은 분모 10000^(2i / d_model) 를 써야 합니다.
# mistake: Each column uses its own index j in 10000^(j / d_model), so odd column 2i+1 gets another denominator than column 2i; both must share 10000^(2i / d_model).
import torch


def positional_encoding(max_len, d_model):
    """사인·코사인 위치 인코딩 [max_len, d_model]: 짝수 열은 sin, 홀수 열은 cos."""
    pos = torch.arange(max_len, dtype=torch.float32)[:, None]
    j = torch.arange(d_model, dtype=torch.float32)
    angles = pos / (10000 ** (j / d_model))
    table = torch.empty(max_len, d_model)
    table[:, 0::2] = torch.sin(angles[:, 0::2])
    table[:, 1::2] = torch.cos(angles[:, 1::2])
    return table
