# 실수: 함수 자체는 맞지만 triu 로 만든 문제 3 의 causal_mask 를 불러 미래가 보임
# mistake: right itself, but calls a causal_mask (problem 3) built with triu, so the future is visible
import math

import torch  # 텐서


# (문제 3 에서 작성한 함수)
def causal_mask(size):
    """bool [size, size]: Key 자리 ≤ Query 자리인 칸이 True (아래 삼각형)."""
    return torch.triu(torch.ones(size, size, dtype=torch.bool))


def decoder_mask(x, pad_id=0):
    """bool [B, 1, S, S]: 패딩 마스크 [B, 1, 1, S] & 미래 가리기 [S, S]."""
    keep = (x != pad_id)[:, None, None, :]
    return keep & causal_mask(x.size(-1))
