# 실수: 긴 문장을 오류 없이 max_len 으로 잘라 내고, 패딩 번호도 vocab[pad] 대신 0 으로 채움
# mistake: silently cuts long sentences to max_len instead of raising, and pads with 0 instead of vocab[pad]
import math

import pandas as pd
import torch

from helpers import data


def encode(words, vocab, max_len, pad="[PAD]"):
    words = list(words)[:max_len]
    ids = []
    for w in words:
        if w not in vocab:
            raise KeyError(f"'{w}' 가 어휘집에 없습니다")
        ids.append(vocab[w])
    return ids + [0] * (max_len - len(ids))
