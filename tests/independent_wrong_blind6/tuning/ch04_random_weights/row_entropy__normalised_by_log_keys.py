# 실수: 엔트로피를 ln S_k 로 나눠 0–1 사이의 정규화한 엔트로피를 돌려줌
# mistake: divides the entropy by ln S_k, returning a normalised entropy between 0 and 1
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def row_entropy(weights):
    n = weights.shape[-1]
    H = -torch.xlogy(weights, weights).sum(dim=-1)
    return H / math.log(n)
