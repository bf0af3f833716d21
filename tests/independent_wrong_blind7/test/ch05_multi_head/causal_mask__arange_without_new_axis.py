# 실수: 두 arange 를 비교할 때 `[:, None]` 을 빠뜨려 `torch.arange(size) <= torch.arange(size)` 가 되어, 표 대신 1차원 [size] 가 나옵니다
# mistake: compares the two aranges without [:, None], torch.arange(size) <= torch.arange(size), returning a 1-D [size] instead of the table
import math

import torch  # 텐서

from helpers import data


def causal_mask(size):
    query_pos = torch.arange(size)
    key_pos = torch.arange(size)
    return key_pos <= query_pos        # Key 자리 ≤ Query 자리
