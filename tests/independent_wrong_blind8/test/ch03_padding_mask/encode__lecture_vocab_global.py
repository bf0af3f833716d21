# 실수: 인자 vocab 대신 강의의 어휘집 data.VOCAB 으로 번호를 찾아 다른 어휘집에서 틀림
# mistake: looks words up in the lecture's data.VOCAB instead of the vocab argument, so other vocabularies go wrong
import math

import pandas as pd
import torch

from helpers import data


def encode(words, vocab, max_len, pad="[PAD]"):
    """낱말들(리스트나 튜플)을 번호 리스트로 바꾸고, 뒤쪽을 vocab[pad]로 채워 길이를 max_len에 맞춥니다."""
    if len(words) > max_len:
        raise ValueError(f"문장 길이 {len(words)}가 max_len={max_len}보다 깁니다")
    table = data.VOCAB  # 강의의 어휘집
    out = []
    for word in words:
        if word not in table:
            raise KeyError(f"어휘집에 '{word}'가 없습니다")
        out.append(table[word])
    while len(out) < max_len:
        out.append(table[pad])
    return out
