# 실수: pad_id 대신 data.VOCAB['[PAD]'] 로 비교해, 받은 pad_id 가 아무 영향이 없음
# mistake: compares with data.VOCAB['[PAD]'] instead of pad_id, so the pad_id argument has no effect
import math

import pandas as pd
import torch

from helpers import data


def padding_mask(x, pad_id=0):
    pad = data.VOCAB[data.PAD]
    return (x != pad).unsqueeze(1)
