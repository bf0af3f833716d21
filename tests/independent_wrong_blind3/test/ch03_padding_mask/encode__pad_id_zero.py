# 실수: 패딩 번호를 vocab[pad] 에서 읽지 않고 0 으로 채움
# mistake: pads with 0 instead of reading vocab[pad]
import math

import torch

def encode(words, vocab, max_len, pad="[PAD]"):
    if len(words) > max_len:
        raise ValueError(f"문장이 {len(words)} 낱말로 max_len 보다 깁니다")
    ids = []
    for word in words:
        if word not in vocab:
            raise KeyError(f"어휘집에 없는 낱말: {word}")
        ids.append(vocab[word])
    return ids + [0] * (max_len - len(ids))
