# 실수: 긴 문장에서 ValueError 를 내지 않고 max_len 으로 잘라 냄
# mistake: cuts a long sentence to max_len instead of raising ValueError
import math

import torch


def encode(words, vocab, max_len, pad="[PAD]"):
    """낱말들(리스트나 튜플)을 번호 리스트로 바꾸고, 뒤쪽을 vocab[pad] 로 채워 길이를 max_len 에 맞춥니다."""
    ids = []
    for word in list(words)[:max_len]:
        if word not in vocab:
            raise KeyError(f"어휘집에 없는 낱말: {word}")
        ids.append(vocab[word])
    while len(ids) < max_len:
        ids.append(vocab[pad])
    return ids
