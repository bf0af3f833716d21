# 실수: 미래 가리기의 크기를 인자 x 가 아니라 준비 셀의 전역 X 의 자리 수 X.size(1) 로 잡습니다
# mistake: sizes the causal part by the setup cell's global X, X.size(1), instead of the argument x
import math

import torch  # 텐서

from helpers import data


# (준비 셀에 이미 있는 변수: X, W_q, W_k, W_v, W_o, x, address)
X = data.embedded_batch()
W_q, W_k, W_v, W_o = data.multi_head_weights()
x = data.sentence_batch()
address = (10.0 * torch.arange(4)[:, None] + torch.arange(6)).expand(1, 4, 6).clone()


# (문제 3 에서 맞게 작성한 함수)
def causal_mask(size):
    return torch.tril(torch.ones(size, size, dtype=torch.bool))


def decoder_mask(x, pad_id=0):
    S = X.size(1)            # 자리 수
    keys = (x != pad_id).unsqueeze(1).unsqueeze(2)
    return keys & causal_mask(S)
