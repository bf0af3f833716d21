# 실수: pad_id 의 기본값을 번호 0 이 아니라 토큰 글자 `data.PAD` ('[PAD]') 로 두어, 기본값으로 부르면 비교가 파이썬 bool 하나가 되어 오류가 납니다
# mistake: makes pad_id default to the token text data.PAD ('[PAD]') instead of the id 0, so with the default the comparison gives one Python bool and it fails
import math

import pandas as pd
import torch

from helpers import data


def padding_mask(x, pad_id=data.PAD):
    keep = x != pad_id
    return keep[:, None, :]
