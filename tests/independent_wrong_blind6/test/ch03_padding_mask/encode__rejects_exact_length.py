# 실수: 길이 검사를 len(words) >= max_len 으로 써서, 꼭 max_len 개인 문장에도 ValueError 를 냄
# mistake: checks len(words) >= max_len, so a sentence of exactly max_len words also raises ValueError
import math

import pandas as pd
import torch

from helpers import data


def encode(words, vocab, max_len, pad="[PAD]"):
    n = len(words)
    if n >= max_len:
        raise ValueError(f"문장 길이 {n} 이(가) max_len={max_len} 을 넘습니다")
    for word in words:
        if word not in vocab:
            raise KeyError(f"모르는 낱말 {word!r}")
    return [vocab[word] for word in words] + [vocab[pad]] * (max_len - n)
