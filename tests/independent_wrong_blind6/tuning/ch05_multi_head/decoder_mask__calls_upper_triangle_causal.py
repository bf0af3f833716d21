# 실수: 함수 자체는 맞지만, 같은 파일의 causal_mask 가 torch.triu 로 미래 쪽 (위 삼각형) 을 True 로 만듦
# mistake: its own code is right, but it calls a causal_mask in the same file that marks the upper triangle (the future) True with torch.triu
import math

import torch  # 텐서

from helpers import data


# (문제 3 에서 작성한 함수)
def causal_mask(size):
    return torch.triu(torch.ones(size, size, dtype=torch.bool))


def decoder_mask(x, pad_id=0):
    pad = (x != pad_id)[:, None, None, :]      # [B, 1, 1, S]
    return pad & causal_mask(x.size(-1))
