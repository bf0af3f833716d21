# 실수: ReLU 를 파이썬 max(0, h) 로 써서 텐서에서 오류
# mistake: writes the ReLU as Python's max(0, h), which fails on a tensor
import torch  # 텐서


def feed_forward(x, W1, b1, W2, b2):
    """relu(x @ W1 + b1) @ W2 + b2: [..., d_model] → [..., d_model], 자리마다 같은 가중치."""
    hidden = max(0, x @ W1 + b1)
    return hidden @ W2 + b2
