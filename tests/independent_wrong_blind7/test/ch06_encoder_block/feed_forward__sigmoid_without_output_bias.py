# 실수: ReLU 대신 sigmoid 를 쓰고, 두 번째 편향 b2 도 더하지 않습니다
# mistake: uses a sigmoid instead of the ReLU, and also never adds the second bias b2
import torch  # 텐서

from helpers import data


def feed_forward(x, W1, b1, W2, b2):
    a = torch.sigmoid(x @ W1 + b1)
    return a @ W2
