# 실수: 인자 W1 대신 노트북의 params.W1 을 씀
# mistake: uses the notebook's params.W1 instead of the argument W1
import torch

from helpers.given import multi_head_attention

# (준비 셀에 이미 있는 변수: params)
from helpers import data

params = data.encoder_layer_params()


def feed_forward(x, W1, b1, W2, b2):
    h = torch.relu(x @ params.W1 + b1)
    return h @ W2 + b2
