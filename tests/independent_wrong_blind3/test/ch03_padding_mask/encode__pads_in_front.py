# 실수: [PAD] 를 뒤가 아니라 앞에 채움
# mistake: pads at the front instead of the back
import math

import torch

def encode(words, vocab, max_len, pad="[PAD]"):
    if len(words) > max_len:
        raise ValueError(f"문장이 {len(words)} 낱말로 max_len 보다 깁니다")
    for word in words:
        if word not in vocab:
            raise KeyError(f"어휘집에 없는 낱말: {word}")
    return [vocab[pad]] * (max_len - len(words)) + [vocab[w] for w in words]
