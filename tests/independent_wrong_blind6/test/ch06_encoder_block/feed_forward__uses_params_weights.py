# 실수: 확인 셀처럼 노트북의 전역 params.W1, params.b1, params.W2, params.b2 를 곱해 받은 가중치를 쓰지 않음
# mistake: multiplies by the notebook global params.W1, params.b1, params.W2, params.b2 as in the check cell, ignoring the weights it receives
import torch  # 텐서

from helpers import data


# (준비 셀에 이미 있는 변수: params)
params = data.encoder_layer_params()


def feed_forward(x, W1, b1, W2, b2):
    inner = torch.relu(x @ params.W1 + params.b1)
    return inner @ params.W2 + params.b2
