# 실수: generate_square_subsequent_mask 의 0/-inf 표를 .bool() 로 바꿔, -inf 인 미래 칸이 True 가 됨
# mistake: casts generate_square_subsequent_mask's 0/-inf table with .bool(), so the -inf future cells become True
import math

import torch  # 텐서

from helpers import data


def causal_mask(size):
    m = torch.nn.Transformer.generate_square_subsequent_mask(size)
    return m.bool()
