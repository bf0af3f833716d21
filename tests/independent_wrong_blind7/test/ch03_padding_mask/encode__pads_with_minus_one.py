# 실수: 패딩을 vocab[pad] 대신 -1 로 채우므로, pad 인자가 결과에 쓰이지 않습니다
# mistake: pads with -1 instead of vocab[pad], so the pad argument never reaches the result
import math

import pandas as pd
import torch

from helpers import data


PAD_ID = -1  # 어휘집의 어느 번호와도 겹치지 않게


def encode(words, vocab, max_len, pad="[PAD]"):
    if len(words) > max_len:
        raise ValueError(f"낱말이 {len(words)}개라서 max_len={max_len}에 들어가지 않습니다")
    return [vocab[w] for w in words] + [PAD_ID] * (max_len - len(words))
