# 실수: 길이 검사를 >= 로 써서 정확히 max_len 개인 문장에도 ValueError 를 냄
# mistake: checks the length with >=, so a sentence of exactly max_len words also raises ValueError
import math

import pandas as pd
import torch

from helpers import data


def encode(words, vocab, max_len, pad="[PAD]"):
    """낱말들(리스트나 튜플)을 번호 리스트로 바꾸고, 뒤쪽을 vocab[pad]로 채워 길이를 max_len에 맞춥니다."""
    n = len(words)
    if n >= max_len:
        raise ValueError(f"낱말 {n}개: max_len {max_len} 을 넘습니다")
    for w in words:
        if w not in vocab:
            raise KeyError(f"모르는 낱말 {w!r}")
    return [vocab[w] for w in words] + [vocab[pad] for _ in range(max_len - n)]
