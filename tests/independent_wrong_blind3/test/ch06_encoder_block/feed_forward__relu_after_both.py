# 실수: 두 번째 선형 변환 뒤에도 ReLU
# mistake: applies ReLU after the second linear layer too
import torch

from helpers.given import multi_head_attention


def feed_forward(x, W1, b1, W2, b2):
    h = torch.relu(x @ W1 + b1)
    return torch.relu(h @ W2 + b2)
