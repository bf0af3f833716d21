# 실수: 두 float 을 튜플이 아니라 리스트 [before, after] 로 돌려줌
# mistake: returns the two floats as a list [before, after] instead of a tuple
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def score_magnitude(Q, K):
    scores = torch.matmul(Q, K.transpose(-2, -1))
    scaled = scores / math.sqrt(Q.size(-1))
    return [scores.abs().mean().item(), scaled.abs().mean().item()]
