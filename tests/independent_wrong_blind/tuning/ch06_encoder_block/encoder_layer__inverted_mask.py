# 실수: torch 의 src_key_padding_mask 처럼 True = 가림 이라고 생각해 ~mask 를 넘깁니다. 실제 낱말을 가리고 [PAD] 만 보게 됩니다.
# mistake: passes ~mask, thinking True means "hide" as in torch's src_key_padding_mask, so the real tokens are hidden and only [PAD] is seen.
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
    hide = None if mask is None else ~mask.bool()
    if norm_first:
        h = layer_norm(x, p.gamma1, p.beta1, p.eps)
        x = x + multi_head_attention(h, h, h, p.W_q, p.W_k, p.W_v, p.W_o, p.num_heads, hide)[0]
        h = layer_norm(x, p.gamma2, p.beta2, p.eps)
        return x + feed_forward(h, p.W1, p.b1, p.W2, p.b2)
    x = add_and_norm(x, multi_head_attention(x, x, x, p.W_q, p.W_k, p.W_v, p.W_o, p.num_heads, hide)[0],
                     p.gamma1, p.beta1, p.eps)
    return add_and_norm(x, feed_forward(x, p.W1, p.b1, p.W2, p.b2), p.gamma2, p.beta2, p.eps)
