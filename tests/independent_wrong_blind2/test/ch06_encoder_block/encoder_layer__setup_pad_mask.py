# 실수: 인자 mask 대신 준비 셀의 pad_mask 를 넘겼습니다. 강의 묶음이 아닌 입력에서는 틀리거나 오류가 납니다.
# mistake: The setup cell's pad_mask is passed instead of the mask argument, which is wrong or fails for any batch other than the lecture's.
import torch

from helpers.reference import multi_head_attention  # 건네받은 셀과 같은 가져오기
from helpers import data

# (준비 셀에 이미 있는 변수: x, pad_mask)
x = data.sentence_batch()
pad_mask = (x != 0)[:, None, None, :]

# (문제 1 에서 맞게 작성한 함수)
def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(dim=-1, keepdim=True)
    var = ((x - mean) ** 2).mean(dim=-1, keepdim=True)
    return gamma * (x - mean) / torch.sqrt(var + eps) + beta

# (문제 2 에서 맞게 작성한 함수)
def feed_forward(x, W1, b1, W2, b2):
    return torch.relu(x @ W1 + b1) @ W2 + b2

# (문제 3 에서 맞게 작성한 함수)
def add_and_norm(x, sublayer_output, gamma, beta, eps=1e-5):
    return layer_norm(x + sublayer_output, gamma, beta, eps)


def encoder_layer(x, params, mask=None, norm_first=False):
    """인코더 층 하나 [B, S, d_model] → [B, S, d_model]: 어텐션 서브층 → FFN 서브층."""
    p = params

    def sa(h):
        return multi_head_attention(h, h, h, p.W_q, p.W_k, p.W_v, p.W_o, p.num_heads, pad_mask)[0]

    if norm_first:
        x = x + sa(layer_norm(x, p.gamma1, p.beta1, p.eps))
        return x + feed_forward(layer_norm(x, p.gamma2, p.beta2, p.eps), p.W1, p.b1, p.W2, p.b2)
    x = add_and_norm(x, sa(x), p.gamma1, p.beta1, p.eps)
    return add_and_norm(x, feed_forward(x, p.W1, p.b1, p.W2, p.b2), p.gamma2, p.beta2, p.eps)
