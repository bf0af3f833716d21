# 실수: 패딩 자리에 vocab[pad] 번호가 아니라 pad 문자열 '[PAD]' 자체를 채움
# mistake: fills the padding with the pad string itself ('[PAD]') instead of its id vocab[pad]
import math

import pandas as pd
import torch

from helpers import data


def encode(words, vocab, max_len, pad="[PAD]"):
    if len(words) > max_len:
        raise ValueError(f"낱말 {len(words)}개가 max_len {max_len}보다 많습니다")
    missing = [w for w in words if w not in vocab]
    if missing:
        raise KeyError(f"{missing[0]} 은(는) 어휘집에 없습니다")
    return [vocab[w] for w in words] + [pad] * (max_len - len(words))
