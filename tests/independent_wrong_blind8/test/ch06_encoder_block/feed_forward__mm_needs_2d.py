# 실수: torch.mm 으로 곱해 2차원 입력에서만 되고 앞쪽 축이 붙으면 오류가 남
# mistake: multiplies with torch.mm, so only 2-D inputs work and leading axes raise
import torch  # 텐서

from helpers import data


def feed_forward(x, W1, b1, W2, b2):
    """relu(x @ W1 + b1) @ W2 + b2: [..., d_model] → [..., d_model], 자리마다 같은 가중치."""
    first = torch.mm(x, W1) + b1
    first = first.clamp(min=0)
    return torch.mm(first, W2) + b2
