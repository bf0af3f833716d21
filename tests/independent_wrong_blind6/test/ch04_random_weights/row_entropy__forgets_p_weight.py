# 실수: −Σ ln p 만 더하고 p 를 곱하지 않음 (0 인 칸은 빼고)
# mistake: sums −ln p over the nonzero cells without multiplying by p
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def row_entropy(weights):
    logs = torch.where(weights > 0, torch.log(weights), torch.zeros_like(weights))
    return -logs.sum(dim=-1)
