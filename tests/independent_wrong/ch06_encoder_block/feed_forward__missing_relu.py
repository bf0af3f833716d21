# 실수: 두 선형 변환 사이의 ReLU 를 빠뜨려, 두 선형 변환이 하나의 선형 변환이 되었습니다.
# mistake: Leaves out the ReLU between the two linear maps.
import torch


def feed_forward(x, W1, b1, W2, b2):
    """relu(x @ W1 + b1) @ W2 + b2: [..., d_model] → [..., d_model], 자리마다 같은 가중치."""
    return (x @ W1 + b1) @ W2 + b2
