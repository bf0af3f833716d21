# 실수: b1 을 ReLU 앞이 아니라 뒤에 더해 relu(x @ W1) + b1 을 계산함
# mistake: adds b1 after the ReLU instead of before, computing relu(x @ W1) + b1
import torch  # 텐서

from helpers import data


def feed_forward(x, W1, b1, W2, b2):
    """relu(x @ W1 + b1) @ W2 + b2: [..., d_model] → [..., d_model], 자리마다 같은 가중치."""
    h = torch.relu(x @ W1) + b1
    return h @ W2 + b2
