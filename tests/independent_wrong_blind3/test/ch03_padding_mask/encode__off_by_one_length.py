# 실수: 길이 검사를 >= 로 써서 꼭 max_len 인 문장도 거절
# mistake: checks len(words) >= max_len, rejecting a sentence of exactly max_len words
import math

import torch

def encode(words, vocab, max_len, pad="[PAD]"):
    if len(words) >= max_len:
        raise ValueError(f"문장이 {len(words)} 낱말로 너무 깁니다")
    ids = []
    for w in words:
        if w not in vocab:
            raise KeyError(f"어휘집에 없는 낱말: {w}")
        ids.append(vocab[w])
    return ids + [vocab[pad]] * (max_len - len(ids))
