# 실수: 첫 번째 층에서 b1 을 더하지 않아, b1 이 결과에 쓰이지 않습니다
# mistake: never adds the first bias b1, so b1 never reaches the result
import torch  # 텐서

from helpers import data


def feed_forward(x, W1, b1, W2, b2):
    """relu(x @ W1 + b1) @ W2 + b2: [..., d_model] → [..., d_model], 자리마다 같은 가중치."""
    inner = torch.relu(torch.matmul(x, W1))
    return torch.matmul(inner, W2) + b2
