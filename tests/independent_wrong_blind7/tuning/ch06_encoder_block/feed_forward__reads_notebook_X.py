# 실수: 첫 번째 층에 인자 x 대신 준비 셀의 전역 X 를 넣습니다
# mistake: feeds the setup cell's global X to the first layer instead of the argument x
import torch  # 텐서

from helpers import data


# (준비 셀에 이미 있는 변수: X, params, x, pad_mask)
X = data.embedded_batch()
params = data.encoder_layer_params()
x = data.sentence_batch()
pad_mask = (x != 0)[:, None, None, :]


def feed_forward(x, W1, b1, W2, b2):
    hidden = torch.relu(X @ W1 + b1)
    return hidden @ W2 + b2
