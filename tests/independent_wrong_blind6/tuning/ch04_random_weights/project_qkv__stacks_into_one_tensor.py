# 실수: 세 결과를 torch.stack 으로 한 텐서에 쌓아 튜플 대신 텐서를 돌려줌
# mistake: stacks the three results into one tensor with torch.stack instead of returning a tuple
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def project_qkv(X, Wq, Wk, Wv):
    return torch.stack([X @ Wq, X @ Wk, X @ Wv])
