# 실수: max_len 인자 대신 강의의 `data.MAX_LEN` (4) 으로 길이를 검사하고 채웁니다
# mistake: checks and pads to the lecture's data.MAX_LEN (4) instead of the max_len argument
import math

import pandas as pd
import torch

from helpers import data


def encode(words, vocab, max_len, pad="[PAD]"):
    n = len(words)
    if n > data.MAX_LEN:
        raise ValueError(f"문장 길이 {n}이 최대 길이를 넘습니다")
    ids = [vocab[word] for word in words]
    while len(ids) < data.MAX_LEN:
        ids.append(vocab[pad])
    return ids
