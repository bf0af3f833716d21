# 실수: [PAD] 번호를 뒤가 아니라 앞쪽에 채움
# mistake: puts the [PAD] ids in front instead of at the end
import math

import pandas as pd
import torch

from helpers import data


def encode(words, vocab, max_len, pad="[PAD]"):
    """낱말들(리스트나 튜플)을 번호 리스트로 바꾸고, 뒤쪽을 vocab[pad]로 채워 길이를 max_len에 맞춥니다."""
    if len(words) > max_len:
        raise ValueError(f"{len(words)}개 낱말은 max_len={max_len}에 들어가지 않습니다")
    try:
        ids = [vocab[w] for w in words]
    except KeyError as e:
        raise KeyError(f"어휘집에 없는 낱말입니다: {e.args[0]}") from None
    padding = [vocab[pad]] * (max_len - len(ids))
    return padding + ids
