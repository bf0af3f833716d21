# 실수: ReLU 를 빠뜨려 두 선형 변환이 그냥 하나의 선형 변환이 됩니다.
# mistake: The ReLU is missing, so the two linear maps collapse into one.
import torch


def feed_forward(x, W1, b1, W2, b2):
    """relu(x @ W1 + b1) @ W2 + b2: [..., d_model] → [..., d_model], 자리마다 같은 가중치."""
    return (x @ W1 + b1) @ W2 + b2
