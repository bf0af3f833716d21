# 실수: torch.softmax 로 계산하고 텐서를 그대로 돌려줌
# mistake: computes with torch.softmax and returns the torch tensor
import pandas as pd
import numpy as np

import torch


def softmax_1d(x):
    return torch.softmax(torch.as_tensor(x), dim=0)
