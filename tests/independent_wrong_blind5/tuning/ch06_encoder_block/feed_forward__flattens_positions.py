# 실수: 자리들을 view(-1, d_model) 로 펴서 계산한 뒤 원래 모양으로 되돌리지 않음
# mistake: flattens the positions with view(-1, d_model) and never restores the original shape
import torch


def feed_forward(x, W1, b1, W2, b2):
    """relu(x @ W1 + b1) @ W2 + b2: [..., d_model] → [..., d_model], 자리마다 같은 가중치."""
    flat = x.reshape(-1, x.shape[-1])
    hidden = torch.relu(flat @ W1 + b1)
    return hidden @ W2 + b2
