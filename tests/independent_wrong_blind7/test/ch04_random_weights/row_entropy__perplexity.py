# 실수: 엔트로피 H 대신 exp(H) (perplexity, 실제로 보는 칸 수) 를 돌려줍니다
# mistake: returns exp(H), the perplexity (effective number of keys), instead of the entropy H
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def row_entropy(weights):
    H = -torch.xlogy(weights, weights).sum(dim=-1)
    return torch.exp(H)   # 몇 칸에 퍼졌는지
