# 실수: Annotated Transformer 처럼 앞에 배치 축 1 을 붙인 [1, max_len, d_model] 을 돌려줌
# mistake: returns [1, max_len, d_model] with a leading batch axis, as the Annotated Transformer's buffer has
import math

import torch


def positional_encoding(max_len, d_model):
    """사인·코사인 위치 인코딩 [max_len, d_model]: 짝수 열은 sin, 홀수 열은 cos."""
    table = torch.empty(max_len, d_model)
    steps = torch.arange(max_len).unsqueeze(1)
    freqs = (torch.arange(0, d_model, 2) * -(math.log(10000.0) / d_model)).exp()
    table[:, 0::2] = (steps * freqs).sin()
    table[:, 1::2] = (steps * freqs).cos()
    return table.unsqueeze(0)
