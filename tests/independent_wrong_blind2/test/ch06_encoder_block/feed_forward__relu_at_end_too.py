# 실수: 두 번째 선형 변환 뒤에도 ReLU 를 씌웠습니다. ReLU 는 두 선형 변환 사이에 한 번뿐입니다.
# mistake: A ReLU is also applied after the second linear map; there is only one ReLU, between the two.
import torch


def feed_forward(x, W1, b1, W2, b2):
    """relu(x @ W1 + b1) @ W2 + b2: [..., d_model] → [..., d_model], 자리마다 같은 가중치."""
    hidden = torch.relu(x @ W1 + b1)
    return torch.relu(hidden @ W2 + b2)
