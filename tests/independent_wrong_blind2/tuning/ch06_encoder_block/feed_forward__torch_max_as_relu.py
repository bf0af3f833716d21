# 실수: torch.max(h, 0) 은 0 과의 큰 값이 아니라 dim=0 을 따라 (값, 위치) 한 쌍을 돌려줍니다. torch.relu 나 h.clamp(min=0) 을 쓰세요.
# mistake: torch.max(h, 0) is not the larger of h and 0: it reduces over dim=0 and returns a (values, indices) pair; use torch.relu or h.clamp(min=0).
import torch


def feed_forward(x, W1, b1, W2, b2):
    """relu(x @ W1 + b1) @ W2 + b2: [..., d_model] → [..., d_model], 자리마다 같은 가중치."""
    h = torch.max(x @ W1 + b1, 0)
    return h @ W2 + b2
