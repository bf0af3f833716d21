# 실수: ReLU 자리에 (BERT 에서 본) GELU 를 씀
# mistake: uses GELU (as seen in BERT) where the exercise asks for ReLU
import torch
import torch.nn.functional as F


def feed_forward(x, W1, b1, W2, b2):
    """relu(x @ W1 + b1) @ W2 + b2: [..., d_model] → [..., d_model], 자리마다 같은 가중치."""
    inner = F.gelu(x @ W1 + b1)
    return inner @ W2 + b2
