# 실수: 도우미 함수 `_is_word(ids, pad=0)` 을 pad_id 없이 불러, pad_id 가 결과에 아무 영향이 없습니다
# mistake: calls its helper _is_word(ids, pad=0) without passing pad_id, so pad_id has no effect
import math

import pandas as pd
import torch

from helpers import data


def _is_word(ids, pad=0):
    return ids != pad


def padding_mask(x, pad_id=0):
    keep = _is_word(x)          # 실제 낱말이면 True
    return keep[:, None, :]
