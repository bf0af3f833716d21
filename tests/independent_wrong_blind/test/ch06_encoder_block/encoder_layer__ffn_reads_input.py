# 실수: post-norm 에서 FFN 서브층에 어텐션 서브층을 지난 값이 아니라 처음 입력 x 를 넣습니다: add_and_norm(h, feed_forward(x)).
# mistake: in post-norm mode feeds the original input x, not the output of the attention sublayer, into the FFN: add_and_norm(h, feed_forward(x)).
import torch

from helpers.reference import multi_head_attention


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
    if norm_first:
        n = layer_norm(x, p.gamma1, p.beta1, p.eps)
        x = x + multi_head_attention(n, n, n, p.W_q, p.W_k, p.W_v, p.W_o, p.num_heads, mask)[0]
        return x + feed_forward(layer_norm(x, p.gamma2, p.beta2, p.eps), p.W1, p.b1, p.W2, p.b2)
    attended = multi_head_attention(x, x, x, p.W_q, p.W_k, p.W_v, p.W_o, p.num_heads, mask)[0]
    h = add_and_norm(x, attended, p.gamma1, p.beta1, p.eps)
    return add_and_norm(h, feed_forward(x, p.W1, p.b1, p.W2, p.b2), p.gamma2, p.beta2, p.eps)
