# 실수: 두 번째 선형 변환의 편향 b2 를 더하지 않음
# mistake: never adds the second bias b2
import torch


def feed_forward(x, W1, b1, W2, b2):
    """relu(x @ W1 + b1) @ W2 + b2: [..., d_model] → [..., d_model], 자리마다 같은 가중치."""
    return torch.relu(x @ W1 + b1) @ W2
