# 실수: 받은 words 에 extend 로 [PAD] 를 붙여 입력 리스트를 바꾸고, 튜플에서는 오류
# mistake: extends the given words with [PAD] tokens, changing the caller's list (and failing on a tuple)
import math

import torch


def encode(words, vocab, max_len, pad="[PAD]"):
    """낱말들(리스트나 튜플)을 번호 리스트로 바꾸고, 뒤쪽을 vocab[pad] 로 채워 길이를 max_len 에 맞춥니다."""
    if len(words) > max_len:
        raise ValueError(f"문장이 낱말 {len(words)}개로 max_len={max_len} 보다 깁니다")
    words.extend([pad] * (max_len - len(words)))
    ids = []
    for word in words:
        if word not in vocab:
            raise KeyError(f"어휘집에 없는 낱말: {word}")
        ids.append(vocab[word])
    return ids
