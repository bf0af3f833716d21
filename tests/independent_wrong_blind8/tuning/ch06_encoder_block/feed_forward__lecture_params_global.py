# 실수: 인자로 받은 가중치 대신 준비 셀의 전역 params 의 W1, b1, W2, b2 를 씀
# mistake: uses W1, b1, W2, b2 of the setup cell's global params instead of the weights passed in
import torch  # 텐서

from helpers import data


# (준비 셀에 이미 있는 변수: params)
params = data.encoder_layer_params()


def feed_forward(x, W1, b1, W2, b2):
    """relu(x @ W1 + b1) @ W2 + b2: [..., d_model] → [..., d_model], 자리마다 같은 가중치."""
    inner = torch.relu(x @ params.W1 + params.b1)   # [..., d_ff]
    return inner @ params.W2 + params.b2
