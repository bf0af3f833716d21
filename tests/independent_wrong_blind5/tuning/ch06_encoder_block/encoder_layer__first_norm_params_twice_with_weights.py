# 실수: 두 서브층 모두 gamma1, beta1 로 정규화하고, 결과와 함께 어텐션 비율표도 튜플로 돌려줌
# mistake: normalises both sublayers with gamma1 and beta1, and returns the attention weights too, as a tuple
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
    if norm_first:
        h = layer_norm(x, p.gamma1, p.beta1, p.eps)
        attended, weights = multi_head_attention(h, h, h, p.W_q, p.W_k, p.W_v, p.W_o, p.num_heads, mask)
        x = x + attended
        x = x + feed_forward(layer_norm(x, p.gamma1, p.beta1, p.eps), p.W1, p.b1, p.W2, p.b2)
        return x, weights
    attended, weights = multi_head_attention(x, x, x, p.W_q, p.W_k, p.W_v, p.W_o, p.num_heads, mask)
    x = add_and_norm(x, attended, p.gamma1, p.beta1, p.eps)
    x = add_and_norm(x, feed_forward(x, p.W1, p.b1, p.W2, p.b2), p.gamma1, p.beta1, p.eps)
    return x, weights
