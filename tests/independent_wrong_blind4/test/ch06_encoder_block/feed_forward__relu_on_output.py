# 실수: ReLU 를 두 선형 변환 사이가 아니라 맨 끝에 씌움
# mistake: applies the ReLU at the very end instead of between the two linear maps
import torch  # 텐서


def feed_forward(x, W1, b1, W2, b2):
    """relu(x @ W1 + b1) @ W2 + b2: [..., d_model] → [..., d_model], 자리마다 같은 가중치."""
    return torch.relu((x @ W1 + b1) @ W2 + b2)
