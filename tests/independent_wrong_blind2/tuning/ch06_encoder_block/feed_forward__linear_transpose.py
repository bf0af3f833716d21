# 실수: nn.Linear 처럼 W1.T, W2.T 로 곱했습니다. 이 과제의 W1 은 [d_model, d_ff] 라서 x @ W1 그대로 곱합니다.
# mistake: W1.T and W2.T are used as for nn.Linear; here W1 is [d_model, d_ff] and is used as x @ W1.
import torch


def feed_forward(x, W1, b1, W2, b2):
    """relu(x @ W1 + b1) @ W2 + b2: [..., d_model] → [..., d_model], 자리마다 같은 가중치."""
    h = torch.relu(x @ W1.T + b1)
    return h @ W2.T + b2
