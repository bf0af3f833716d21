# 실수: 첫 편향 b1 을 ReLU 뒤에 더함
# mistake: adds the first bias b1 after the ReLU
import torch  # 텐서


def feed_forward(x, W1, b1, W2, b2):
    """relu(x @ W1 + b1) @ W2 + b2: [..., d_model] → [..., d_model], 자리마다 같은 가중치."""
    hidden = torch.relu(x @ W1) + b1
    return hidden @ W2 + b2
