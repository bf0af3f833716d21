# 실수: 다음 단계에서 쓸 생각으로 번호 리스트를 torch.tensor 로 바꿔 돌려줌
# mistake: returns the ids as a torch.tensor (for the next step) instead of a Python list
import math

import pandas as pd
import torch

from helpers import data


def encode(words, vocab, max_len, pad="[PAD]"):
    if len(words) > max_len:
        raise ValueError(f"문장의 낱말 수 {len(words)} > max_len {max_len}")
    for w in words:
        if w not in vocab:
            raise KeyError(f"vocab 에 없는 낱말: {w}")
    ids = [vocab[w] for w in words]
    ids = ids + [vocab[pad]] * (max_len - len(ids))
    return torch.tensor(ids)
