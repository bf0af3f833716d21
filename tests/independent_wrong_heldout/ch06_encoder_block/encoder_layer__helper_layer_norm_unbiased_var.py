# 실수: encoder_layer 는 맞지만, 같이 쓴 layer_norm 이 torch.var 의 기본값(n − 1 로 나누는 분산)을 써서 두 정규화 순서 모두 값이 틀림
# mistake: encoder_layer itself is right, but the layer_norm it uses calls torch.var with its default (unbiased, ÷ n − 1), so both norm orders come out wrong
import torch

from helpers.reference import multi_head_attention  # 건네받은 셀과 같은 import


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(dim=-1, keepdim=True)
    var = torch.var(x, dim=-1, keepdim=True)
    return gamma * (x - mean) / torch.sqrt(var + eps) + beta


def feed_forward(x, W1, b1, W2, b2):
    return torch.relu(x @ W1 + b1) @ W2 + b2


def add_and_norm(x, sublayer_output, gamma, beta, eps=1e-5):
    return layer_norm(x + sublayer_output, gamma, beta, eps)


def encoder_layer(x, params, mask=None, norm_first=False):
    """인코더 층 하나 [B, S, d_model] → [B, S, d_model]: 어텐션 서브층 → FFN 서브층."""
    p = params
    if norm_first:
        h = layer_norm(x, p.gamma1, p.beta1, p.eps)
        x = x + multi_head_attention(h, h, h, p.W_q, p.W_k, p.W_v, p.W_o, p.num_heads, mask)[0]
        h = layer_norm(x, p.gamma2, p.beta2, p.eps)
        return x + feed_forward(h, p.W1, p.b1, p.W2, p.b2)
    attn = multi_head_attention(x, x, x, p.W_q, p.W_k, p.W_v, p.W_o, p.num_heads, mask)[0]
    x = add_and_norm(x, attn, p.gamma1, p.beta1, p.eps)
    x = add_and_norm(x, feed_forward(x, p.W1, p.b1, p.W2, p.b2), p.gamma2, p.beta2, p.eps)
    return x
