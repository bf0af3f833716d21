# 실수: dim=(-2, -1) 로 비율표 전체를 더해 줄마다가 아니라 표마다 하나의 값 [...] 을 돌려줍니다
# mistake: sums over dim=(-2, -1), returning one value per table [...] instead of one per row
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def row_entropy(weights):
    plogp = torch.where(weights > 0, weights * torch.log(weights), torch.zeros_like(weights))
    return -plogp.sum(dim=(-2, -1))
