# 실수: encoder_layer 자체는 맞지만, 불러 쓰는 문제 2 의 feed_forward 가 ReLU 를 빠뜨려서 틀립니다.
# mistake: encoder_layer's own code is right, but the feed_forward it calls (problem 2) has no ReLU.
import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(dim=-1, keepdim=True)
    var = ((x - mean) ** 2).mean(dim=-1, keepdim=True)
    return gamma * (x - mean) / torch.sqrt(var + eps) + beta


def feed_forward(x, W1, b1, W2, b2):
    """relu(x @ W1 + b1) @ W2 + b2: [..., d_model] → [..., d_model], 자리마다 같은 가중치."""
    return (x @ W1 + b1) @ W2 + b2


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
