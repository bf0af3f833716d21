# 실수: 패딩 번호를 vocab[pad] 에서 읽지 않고 0 으로 채움
# mistake: pads with 0 instead of reading vocab[pad]
import math

import torch


def encode(words, vocab, max_len, pad="[PAD]"):
    """낱말들(리스트나 튜플)을 번호 리스트로 바꾸고, 뒤쪽을 vocab[pad] 로 채워 길이를 max_len 에 맞춥니다."""
    if len(words) > max_len:
        raise ValueError(f"문장이 낱말 {len(words)}개로 max_len={max_len} 보다 깁니다")
    for word in words:
        if word not in vocab:
            raise KeyError(f"어휘집에 없는 낱말: {word}")
    return [vocab[word] for word in words] + [0] * (max_len - len(words))
