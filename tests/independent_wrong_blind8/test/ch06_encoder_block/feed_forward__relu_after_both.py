# 실수: ReLU 를 두 선형 변환 사이뿐 아니라 두 번째 변환 뒤에도 씌워 음수 출력이 사라짐
# mistake: applies ReLU after the second linear map as well as between the two, so negative outputs disappear
import torch  # 텐서

from helpers import data


def feed_forward(x, W1, b1, W2, b2):
    """relu(x @ W1 + b1) @ W2 + b2: [..., d_model] → [..., d_model], 자리마다 같은 가중치."""
    hidden = torch.relu(x @ W1 + b1)
    out = torch.relu(hidden @ W2 + b2)
    return out
