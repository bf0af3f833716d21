# 실수: nn.Linear 처럼 가중치를 전치해 x @ W1.T, … @ W2.T 로 곱함
# mistake: multiplies by the transposed weights, x @ W1.T and … @ W2.T, as if they were nn.Linear's
import torch  # 텐서

from helpers import data


def feed_forward(x, W1, b1, W2, b2):
    hidden = torch.relu(x @ W1.T + b1)
    return hidden @ W2.T + b2
