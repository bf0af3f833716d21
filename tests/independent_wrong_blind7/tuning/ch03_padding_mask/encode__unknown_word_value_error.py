# 실수: 어휘집에 없는 낱말에도 KeyError 대신 ValueError 를 냅니다
# mistake: raises ValueError instead of KeyError for a word that is not in the vocabulary
import math

import pandas as pd
import torch

from helpers import data


def encode(words, vocab, max_len, pad="[PAD]"):
    if len(words) > max_len:
        raise ValueError(f"문장이 너무 깁니다: 낱말 {len(words)}개 > max_len={max_len}")
    ids = []
    for w in words:
        if w not in vocab:
            raise ValueError(f"어휘집에 없는 낱말: {w}")
        ids.append(vocab[w])
    return ids + [vocab[pad]] * (max_len - len(ids))
