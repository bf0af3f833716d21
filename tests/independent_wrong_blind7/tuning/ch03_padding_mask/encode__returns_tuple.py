# 실수: 번호를 리스트가 아니라 튜플로 돌려줍니다
# mistake: returns the ids as a tuple instead of a list
import math

import pandas as pd
import torch

from helpers import data


def encode(words, vocab, max_len, pad="[PAD]"):
    """낱말들(리스트나 튜플)을 번호 리스트로 바꾸고, 뒤쪽을 vocab[pad]로 채워 길이를 max_len에 맞춥니다."""
    if len(words) > max_len:
        raise ValueError(f"낱말 {len(words)}개: max_len {max_len}을 넘습니다")
    for word in words:
        if word not in vocab:
            raise KeyError(f"어휘집에 없는 낱말 {word!r}")
    padded = list(words) + [pad] * (max_len - len(words))
    return tuple(vocab[w] for w in padded)
