# 실수: ReLU 를 사이에 한 번만 하지 않고 두 번째 선형 변환 뒤에도 한 번 더 해서 출력에 음수가 없어졌습니다.
# mistake: Applies ReLU a second time after the second linear map, so the output has no negative values.
import torch


def feed_forward(x, W1, b1, W2, b2):
    """relu(x @ W1 + b1) @ W2 + b2: [..., d_model] → [..., d_model], 자리마다 같은 가중치."""
    hidden = torch.relu(x @ W1 + b1)
    return torch.relu(hidden @ W2 + b2)
