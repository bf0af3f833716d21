# 실수: 인자 대신 준비 셀의 전역 params.W1, params.b1, … 를 씀
# mistake: uses the notebook's global params.W1, params.b1, … instead of the arguments
import torch  # 텐서

from helpers import data

# (준비 셀에 이미 있는 변수: params)
params = data.encoder_layer_params()


def feed_forward(x, W1, b1, W2, b2):
    """relu(x @ W1 + b1) @ W2 + b2: [..., d_model] → [..., d_model], 자리마다 같은 가중치."""
    hidden = torch.relu(x @ params.W1 + params.b1)
    return hidden @ params.W2 + params.b2
