# 실수: `torch.einsum('qk,kd->qd', ...)` 처럼 배치 축 자리 없이 적어서 2차원에서만 되고 배치 축이 붙으면 오류가 납니다
# mistake: writes torch.einsum('qk,kd->qd', …) with no room for batch axes, so it works in 2-D only and raises with batch axes
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def mix_values(weights, V):
    return torch.einsum("qk,kd->qd", weights, V)
