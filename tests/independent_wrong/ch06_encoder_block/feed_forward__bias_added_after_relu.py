# 실수: b1 을 ReLU 앞이 아니라 뒤에 더했습니다: relu(x @ W1) + b1.
# mistake: Adds b1 after the ReLU (relu(x @ W1) + b1) instead of before it.
import torch


def feed_forward(x, W1, b1, W2, b2):
    """relu(x @ W1 + b1) @ W2 + b2: [..., d_model] → [..., d_model], 자리마다 같은 가중치."""
    hidden = torch.relu(x @ W1) + b1
    return hidden @ W2 + b2
