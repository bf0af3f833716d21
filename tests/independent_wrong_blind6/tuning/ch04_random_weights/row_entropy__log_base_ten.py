# 실수: 자연로그 대신 torch.log10 을 써서 nat 가 아닌 값 (ln 10 으로 나눈 값) 이 나옴
# mistake: uses torch.log10 instead of the natural log, so every entropy is divided by ln 10
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def row_entropy(weights):
    p = weights
    plogp = torch.where(p > 0, p * torch.log10(p), torch.zeros_like(p))
    return -plogp.sum(dim=-1)
