# 실수: generate_square_subsequent_mask 가 주는 0/-inf 실수 마스크를 그대로 돌려줌
# mistake: returns generate_square_subsequent_mask's float 0/-inf mask as it is
import torch


def causal_mask(size):
    """bool [size, size]: Key 자리 ≤ Query 자리인 칸이 True (아래 삼각형)."""
    return torch.nn.Transformer.generate_square_subsequent_mask(size)
