# 실수: 열마다 자기 번호 j 로 분모 10000^(j/d_model) 를 써서 홀수 열 (cos) 의 분모가 짝 열과 다름
# mistake: uses each column's own index j in 10000^(j/d_model), so an odd (cos) column does not share its pair's denominator
import math

import torch


def positional_encoding(max_len, d_model):
    """사인·코사인 위치 인코딩 [max_len, d_model]: 짝수 열은 sin, 홀수 열은 cos."""
    enc = torch.zeros(max_len, d_model)
    for pos in range(max_len):
        for j in range(d_model):
            angle = pos / 10000 ** (j / d_model)
            enc[pos, j] = math.sin(angle) if j % 2 == 0 else math.cos(angle)
    return enc
