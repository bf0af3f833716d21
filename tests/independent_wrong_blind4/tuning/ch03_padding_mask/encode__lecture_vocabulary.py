# 실수: 인자 vocab 대신 강의의 data.VOCAB 에서 번호를 찾음
# mistake: looks the ids up in the lecture's data.VOCAB instead of the vocab argument
import math

import torch

from helpers import data


def encode(words, vocab, max_len, pad="[PAD]"):
    """낱말들(리스트나 튜플)을 번호 리스트로 바꾸고, 뒤쪽을 vocab[pad] 로 채워 길이를 max_len 에 맞춥니다."""
    if len(words) > max_len:
        raise ValueError(f"문장이 낱말 {len(words)}개로 max_len={max_len} 보다 깁니다")
    ids = []
    for word in words:
        if word not in data.VOCAB:
            raise KeyError(f"어휘집에 없는 낱말: {word}")
        ids.append(data.VOCAB[word])
    return ids + [data.VOCAB[pad]] * (max_len - len(ids))
