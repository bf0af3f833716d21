# 실수: 낱말이 max_len 보다 많을 때 ValueError 대신 그냥 Exception 을 냄
# mistake: raises a bare Exception instead of ValueError when the sentence is longer than max_len
import math

import pandas as pd
import torch

from helpers import data


def encode(words, vocab, max_len, pad="[PAD]"):
    if len(words) > max_len:
        raise Exception(f"문장이 너무 깁니다: 낱말 {len(words)}개, max_len={max_len}")
    ids = []
    for w in words:
        if w not in vocab:
            raise KeyError(f"어휘집에 없는 낱말: {w}")
        ids.append(vocab[w])
    while len(ids) < max_len:
        ids.append(vocab[pad])
    return ids
