# 실수: 패딩 번호를 vocab[pad] 에서 읽지 않고 0 으로 채워 pad 인자를 쓰지 않음
# mistake: pads with 0 instead of reading vocab[pad], never using the pad argument
import math

import pandas as pd
import torch

from helpers import data


def encode(words, vocab, max_len, pad="[PAD]"):
    """낱말들(리스트나 튜플)을 번호 리스트로 바꾸고, 뒤쪽을 vocab[pad]로 채워 길이를 max_len에 맞춥니다."""
    if len(words) > max_len:
        raise ValueError(f"문장이 {len(words)}개 낱말로 max_len={max_len}보다 깁니다")
    ids = []
    for w in words:
        if w not in vocab:
            raise KeyError(f"어휘집에 없는 낱말: {w}")
        ids.append(vocab[w])
    return ids + [0] * (max_len - len(ids))  # [PAD] 는 0번
