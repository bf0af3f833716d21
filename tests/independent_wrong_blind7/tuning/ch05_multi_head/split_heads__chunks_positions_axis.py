# 실수: torch.chunk 를 좌표 축 (dim=-1) 이 아니라 자리 축 (dim=1) 으로 잘라 쌓으므로, 머리마다 자리들의 묶음을 가져갑니다
# mistake: chunks along the position axis (dim=1) instead of the coordinate axis (dim=-1) before stacking, so each head takes a block of positions
import math

import torch  # 텐서

from helpers import data


def split_heads(x, num_heads):
    d_model = x.shape[-1]
    if d_model % num_heads:
        raise ValueError(f"d_model={d_model}이 num_heads={num_heads}로 나누어떨어지지 않습니다")
    heads = torch.chunk(x, num_heads, dim=1)     # 머리마다 한 조각
    return torch.stack(heads, dim=1)
