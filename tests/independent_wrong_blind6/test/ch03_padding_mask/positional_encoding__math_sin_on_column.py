# 실수: 열마다 각도 텐서를 만들고 math.sin / math.cos 에 텐서를 통째로 넣어 오류가 남
# mistake: builds each column's angle tensor and passes the whole tensor to math.sin / math.cos, which raises
import math

import pandas as pd
import torch

from helpers import data


def positional_encoding(max_len, d_model):
    result = torch.empty(max_len, d_model)
    spots = torch.arange(max_len, dtype=torch.float32)
    for i in range(d_model // 2):
        angle = spots / 10000 ** (2 * i / d_model)
        result[:, 2 * i] = math.sin(angle)
        result[:, 2 * i + 1] = math.cos(angle)
    return result
