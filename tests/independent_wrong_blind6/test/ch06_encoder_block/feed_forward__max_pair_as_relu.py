# 실수: ReLU 를 torch.max(h, 0) 으로 써서 dim=0 의 (values, indices) 짝이 나오고, 그것을 텐서처럼 곱하다 오류가 남
# mistake: writes ReLU as torch.max(h, 0), which returns the (values, indices) pair along dim 0, then multiplies that pair like a tensor
import torch  # 텐서

from helpers import data


def feed_forward(x, W1, b1, W2, b2):
    h = x @ W1 + b1
    h = torch.max(h, 0)       # relu = max(h, 0)
    return h @ W2 + b2
