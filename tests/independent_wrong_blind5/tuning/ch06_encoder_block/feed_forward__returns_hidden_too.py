# 실수: 결과와 함께 가운데 층 [..., d_ff] 도 튜플로 돌려줌
# mistake: returns the hidden layer [..., d_ff] too, as a tuple
import torch


def feed_forward(x, W1, b1, W2, b2):
    """relu(x @ W1 + b1) @ W2 + b2: [..., d_model] → [..., d_model], 자리마다 같은 가중치."""
    hidden = torch.relu(x @ W1 + b1)
    out = hidden @ W2 + b2
    return out, hidden
