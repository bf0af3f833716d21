# 실수: [PAD] 를 Key 열뿐 아니라 Query 줄로도 가려, [PAD] 줄이 모두 False 가 됩니다
# mistake: hides [PAD] as a query row as well as a key column, so the [PAD] rows become all False
import math

import torch  # 텐서

from helpers import data


# (문제 3 에서 맞게 작성한 함수)
def causal_mask(size):
    return torch.tril(torch.ones(size, size, dtype=torch.bool))


def decoder_mask(x, pad_id=0):
    real = x != pad_id
    cols = real[:, None, None, :]      # Key 자리
    rows = real[:, None, :, None]      # Query 자리
    return cols & rows & causal_mask(x.shape[1])
