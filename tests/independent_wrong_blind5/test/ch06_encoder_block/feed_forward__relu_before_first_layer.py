# 실수: ReLU 를 두 선형 변환 사이가 아니라 입력 x 에 먼저 씌움
# mistake: applies the ReLU to the input x before the first linear map instead of between the two
import torch


def feed_forward(x, W1, b1, W2, b2):
    """relu(x @ W1 + b1) @ W2 + b2: [..., d_model] → [..., d_model], 자리마다 같은 가중치."""
    hidden = torch.relu(x) @ W1 + b1
    return hidden @ W2 + b2
