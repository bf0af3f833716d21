# 실수: ReLU 를 `clamp(max=0)` 으로 써서 양수를 0 으로 만들고 음수만 남깁니다
# mistake: writes the ReLU as clamp(max=0), which zeroes the positive values and keeps the negative ones
import torch  # 텐서

from helpers import data


def feed_forward(x, W1, b1, W2, b2):
    hidden = (x @ W1 + b1).clamp(max=0)    # 음수는 0으로?
    return hidden @ W2 + b2
