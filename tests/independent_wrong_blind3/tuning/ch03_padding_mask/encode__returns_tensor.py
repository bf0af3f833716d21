# 실수: 파이썬 리스트 대신 torch 텐서를 돌려줌
# mistake: returns a torch tensor instead of a Python list
import math

import torch

def encode(words, vocab, max_len, pad="[PAD]"):
    if len(words) > max_len:
        raise ValueError(f"문장이 {len(words)} 낱말로 max_len 보다 깁니다")
    ids = [vocab[w] for w in words]
    return torch.tensor(ids + [vocab[pad]] * (max_len - len(ids)))
