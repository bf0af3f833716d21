# 실수: 두 번째 편향 b2 를 더하지 않았습니다.
# mistake: The second bias b2 is never added.
import torch


def feed_forward(x, W1, b1, W2, b2):
    """relu(x @ W1 + b1) @ W2 + b2: [..., d_model] → [..., d_model], 자리마다 같은 가중치."""
    h = torch.relu(x @ W1 + b1)
    out = h @ W2
    return out
