# 실수: max_len 보다 긴 문장에서 ValueError 를 내지 않고 조용히 잘라 냄
# mistake: silently cuts a sentence longer than max_len instead of raising ValueError
import math

import pandas as pd
import torch

from helpers import data


def encode(words, vocab, max_len, pad="[PAD]"):
    """낱말들(리스트나 튜플)을 번호 리스트로 바꾸고, 뒤쪽을 vocab[pad]로 채워 길이를 max_len에 맞춥니다."""
    words = list(words)[:max_len]  # 너무 길면 자르기
    missing = [w for w in words if w not in vocab]
    if missing:
        raise KeyError(f"'{missing[0]}'은(는) 어휘집에 없습니다")
    return [vocab[w] for w in words] + [vocab[pad]] * (max_len - len(words))
