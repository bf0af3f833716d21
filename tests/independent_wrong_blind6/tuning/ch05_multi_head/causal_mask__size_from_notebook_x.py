# 실수: size 대신 노트북의 전역 x (문장 배치) 의 길이 x.size(-1) 로 표를 만듦
# mistake: builds the table from the notebook global x's length x.size(-1) instead of size
import math

import torch  # 텐서

from helpers import data


# (준비 셀에 이미 있는 변수: x)
x = data.sentence_batch()


def causal_mask(size):
    S = x.size(-1)
    return torch.tril(torch.ones(S, S, dtype=torch.bool))
