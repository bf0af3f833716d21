# 실수: nn.Linear 습관으로 W1 을 전치해 곱함
# mistake: multiplies by W1.T out of nn.Linear habit
import torch

from helpers.given import multi_head_attention


def feed_forward(x, W1, b1, W2, b2):
    h = torch.relu(x @ W1.T + b1)
    return h @ W2 + b2
