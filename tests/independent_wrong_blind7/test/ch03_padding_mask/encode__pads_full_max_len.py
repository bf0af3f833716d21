# 실수: `[vocab[pad]] * max_len` 을 붙이고 max_len 까지 잘라 내는 것을 잊어, 길이가 낱말 수 + max_len 이 됩니다
# mistake: appends [vocab[pad]] * max_len and forgets to cut back to max_len, so the list is len(words) + max_len long
import math

import pandas as pd
import torch

from helpers import data


def encode(words, vocab, max_len, pad="[PAD]"):
    if len(words) > max_len:
        raise ValueError(f"{len(words)}개의 낱말은 max_len={max_len}보다 깁니다")
    ids = [vocab[w] for w in words]   # 없는 낱말이면 KeyError
    return ids + [vocab[pad]] * max_len
