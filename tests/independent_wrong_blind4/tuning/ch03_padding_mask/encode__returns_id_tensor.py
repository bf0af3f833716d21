# 실수: 파이썬 리스트가 아니라 torch 텐서로 돌려줌
# mistake: returns a torch tensor instead of a Python list
import math

import torch


def encode(words, vocab, max_len, pad="[PAD]"):
    """낱말들(리스트나 튜플)을 번호 리스트로 바꾸고, 뒤쪽을 vocab[pad] 로 채워 길이를 max_len 에 맞춥니다."""
    if len(words) > max_len:
        raise ValueError(f"문장이 낱말 {len(words)}개로 max_len={max_len} 보다 깁니다")
    for word in words:
        if word not in vocab:
            raise KeyError(f"어휘집에 없는 낱말: {word}")
    ids = [vocab[word] for word in words] + [vocab[pad]] * (max_len - len(words))
    return torch.tensor(ids)
