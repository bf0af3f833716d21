# 실수: 가중치를 nn.Linear 처럼 여겨 x @ W1.T 로 곱해 모양이 맞지 않음
# mistake: treats the weights as nn.Linear's, x @ W1.T, so the shapes do not fit
import torch  # 텐서


def feed_forward(x, W1, b1, W2, b2):
    """relu(x @ W1 + b1) @ W2 + b2: [..., d_model] → [..., d_model], 자리마다 같은 가중치."""
    hidden = torch.relu(x @ W1.T + b1)
    return hidden @ W2.T + b2
