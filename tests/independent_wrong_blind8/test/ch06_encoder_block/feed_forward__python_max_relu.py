# 실수: ReLU 를 파이썬 내장 max(0, h) 로 써서 원소가 여럿인 텐서에서 오류가 남 (torch.relu/clamp 여야 함)
# mistake: writes ReLU as Python's built-in max(0, h), which raises on a multi-element tensor (torch.relu/clamp is needed)
import torch  # 텐서

from helpers import data


def feed_forward(x, W1, b1, W2, b2):
    """relu(x @ W1 + b1) @ W2 + b2: [..., d_model] → [..., d_model], 자리마다 같은 가중치."""
    relu = lambda t: max(0, t)
    return relu(x @ W1 + b1) @ W2 + b2
