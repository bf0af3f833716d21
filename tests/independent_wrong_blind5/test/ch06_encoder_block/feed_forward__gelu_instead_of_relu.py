# 실수: 두 선형 변환 사이에 ReLU 대신 GELU 를 씀
# mistake: uses GELU instead of ReLU between the two linear maps
import torch


def feed_forward(x, W1, b1, W2, b2):
    """relu(x @ W1 + b1) @ W2 + b2: [..., d_model] → [..., d_model], 자리마다 같은 가중치."""
    hidden = torch.nn.functional.gelu(x @ W1 + b1)
    return hidden @ W2 + b2
