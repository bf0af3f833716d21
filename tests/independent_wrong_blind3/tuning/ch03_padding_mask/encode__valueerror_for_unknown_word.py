# 실수: 모르는 낱말에 KeyError 대신 ValueError
# mistake: raises ValueError instead of KeyError for an unknown word
import math

import torch

def encode(words, vocab, max_len, pad="[PAD]"):
    if len(words) > max_len:
        raise ValueError(f"문장이 {len(words)} 낱말로 max_len 보다 깁니다")
    unknown = [w for w in words if w not in vocab]
    if unknown:
        raise ValueError(f"어휘집에 없는 낱말: {unknown[0]}")
    return [vocab[w] for w in words] + [vocab[pad]] * (max_len - len(words))
