# 실수: norm_first 를 보지 않고 언제나 post-norm 으로 계산함
# mistake: never looks at norm_first and always computes the post-norm layer
import torch

from helpers.given import multi_head_attention


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

    def attend(h):
        return multi_head_attention(h, h, h, p.W_q, p.W_k, p.W_v, p.W_o, p.num_heads, mask)[0]

    def ffn(h):
        return feed_forward(h, p.W1, p.b1, p.W2, p.b2)

    x = add_and_norm(x, attend(x), p.gamma1, p.beta1, p.eps)
    x = add_and_norm(x, ffn(x), p.gamma2, p.beta2, p.eps)
    return x
