# 실수: decoder_mask 자체는 맞지만, 같은 파일의 문제 3 causal_mask 가 triu 로 미래 칸을 True 로 만듦
# mistake: decoder_mask itself is right, but the same file's problem-3 causal_mask uses triu and makes the future cells True
import math

import torch  # 텐서

from helpers import data


# (문제 3 에서 작성한 함수)
def causal_mask(size):
    return torch.triu(torch.ones(size, size, dtype=torch.bool))


def decoder_mask(x, pad_id=0):
    """bool [B, 1, S, S]: 패딩 마스크 [B, 1, 1, S] & 미래 가리기 [S, S]."""
    keep = (x != pad_id)[:, None, None, :]   # [B, 1, 1, S]
    return keep & causal_mask(x.size(1))
