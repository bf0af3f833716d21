# 실수: ReLU 를 두 선형 변환 사이에 한 번만이 아니라 두 번째 변환 뒤에도 씌워 출력에 음수가 남지 않습니다.
# mistake: applies ReLU after the second linear map as well, so the output can never be negative.
import torch


def feed_forward(x, W1, b1, W2, b2):
    """relu(x @ W1 + b1) @ W2 + b2: [..., d_model] → [..., d_model], 자리마다 같은 가중치."""
    hidden = torch.relu(x @ W1 + b1)
    return torch.relu(hidden @ W2 + b2)
