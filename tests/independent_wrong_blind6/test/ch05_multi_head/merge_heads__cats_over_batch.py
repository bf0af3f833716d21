# 실수: torch.cat(list(x), dim=-1) 로 이어, 머리 축이 아니라 배치 축을 풀어 붙임 ([h, S, B·d_k])
# mistake: joins torch.cat(list(x), dim=-1), which unbinds the batch axis instead of the heads ([h, S, B·d_k])
import math

import torch  # 텐서

from helpers import data


def merge_heads(x):
    # 머리들을 마지막 축으로 이어 붙이기
    return torch.cat(list(x), dim=-1)
