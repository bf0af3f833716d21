# 실수: 첫 선형 변환에서 b1 을 더하지 않습니다. 인자 b1 이 결과에 쓰이지 않습니다.
# mistake: forgets to add b1 in the first linear map; the b1 argument never affects the output.
import torch


def feed_forward(x, W1, b1, W2, b2):
    """relu(x @ W1 + b1) @ W2 + b2: [..., d_model] → [..., d_model], 자리마다 같은 가중치."""
    return torch.relu(x @ W1) @ W2 + b2
