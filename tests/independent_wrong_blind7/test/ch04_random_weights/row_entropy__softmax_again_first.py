# 실수: 비율표를 점수로 여겨 softmax 를 한 번 더 씌운 뒤 엔트로피를 잽니다
# mistake: treats the weights as scores and applies softmax once more before measuring the entropy
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def row_entropy(weights):
    p = torch.softmax(weights, dim=-1)
    return -(p * torch.log(p)).sum(dim=-1)
