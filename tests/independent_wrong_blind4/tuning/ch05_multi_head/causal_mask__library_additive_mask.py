# 실수: generate_square_subsequent_mask 를 그대로 돌려줌: bool 이 아닌 실수이고, 볼 수 있는 칸이 0 (거꾸로)
# mistake: returns generate_square_subsequent_mask as it is: a float table, with 0 on the visible cells (reversed)
import math

import torch  # 텐서


def causal_mask(size):
    """bool [size, size]: Key 자리 ≤ Query 자리인 칸이 True (아래 삼각형)."""
    return torch.nn.Transformer.generate_square_subsequent_mask(size)
