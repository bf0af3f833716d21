# 실수: encoder_layer 자체는 맞지만, 불러 쓰는 문제 1 의 layer_norm 이 불편 분산(d − 1)을 써서 틀립니다.
# mistake: encoder_layer's own code is right, but the layer_norm it calls (problem 1) uses the unbiased variance.
import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    """x [..., d]를 마지막 축으로 정규화 (치우친 분산, √ 안의 eps)한 뒤 gamma * x̂ + beta."""
    mean = x.mean(dim=-1, keepdim=True)
    var = x.var(dim=-1, keepdim=True)
    return gamma * (x - mean) / torch.sqrt(var + eps) + beta


def feed_forward(x, W1, b1, W2, b2):
    return torch.relu(x @ W1 + b1) @ W2 + b2


def add_and_norm(x, sublayer_output, gamma, beta, eps=1e-5):
    return layer_norm(x + sublayer_output, gamma, beta, eps)


def encoder_layer(x, params, mask=None, norm_first=False):
    """인코더 층 하나 [B, S, d_model] → [B, S, d_model]: 어텐션 서브층 → FFN 서브층."""
    p = params

    def attend(h):
        out, _ = multi_head_attention(h, h, h, p.W_q, p.W_k, p.W_v, p.W_o, p.num_heads, mask)
        return out

    def ffn(h):
        return feed_forward(h, p.W1, p.b1, p.W2, p.b2)

    if norm_first:
        x = x + attend(layer_norm(x, p.gamma1, p.beta1, p.eps))
        x = x + ffn(layer_norm(x, p.gamma2, p.beta2, p.eps))
    else:
        x = add_and_norm(x, attend(x), p.gamma1, p.beta1, p.eps)
        x = add_and_norm(x, ffn(x), p.gamma2, p.beta2, p.eps)
    return x
