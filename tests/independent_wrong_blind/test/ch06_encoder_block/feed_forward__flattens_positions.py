# 실수: 자리들을 view(-1, d_model) 로 한 줄로 펴서 계산하고 원래 모양으로 되돌리지 않아 [..., d_model] 이 아니라 [N, d_model] 을 돌려줍니다.
# mistake: flattens the positions with view(-1, d_model) and never restores the shape, returning [N, d_model] instead of [..., d_model].
import torch


def feed_forward(x, W1, b1, W2, b2):
    """relu(x @ W1 + b1) @ W2 + b2: [..., d_model] → [..., d_model], 자리마다 같은 가중치."""
    flat = x.reshape(-1, x.shape[-1])
    hidden = torch.relu(flat @ W1 + b1)
    return hidden @ W2 + b2
