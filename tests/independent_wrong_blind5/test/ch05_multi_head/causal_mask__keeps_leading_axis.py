# 실수: Annotated Transformer 의 subsequent_mask 처럼 [1, size, size] 를 돌려줌
# mistake: returns [1, size, size] like the Annotated Transformer's subsequent_mask
import torch


def causal_mask(size):
    """bool [size, size]: Key 자리 ≤ Query 자리인 칸이 True (아래 삼각형)."""
    attn_shape = (1, size, size)
    upper = torch.triu(torch.ones(attn_shape), diagonal=1).type(torch.uint8)
    return upper == 0
