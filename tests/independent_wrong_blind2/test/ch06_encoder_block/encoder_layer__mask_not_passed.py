# 실수: multi_head_attention 에 mask 를 넘기지 않아 [PAD] 가 가려지지 않습니다.
# mistake: mask is not passed on to multi_head_attention, so [PAD] is never hidden.
import torch

from helpers.reference import multi_head_attention  # 건네받은 셀과 같은 가져오기

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
    def attn(h):
        out, _ = multi_head_attention(h, h, h, params.W_q, params.W_k, params.W_v, params.W_o, params.num_heads)
        return out

    def ffn(h):
        return feed_forward(h, params.W1, params.b1, params.W2, params.b2)

    if norm_first:
        x = x + attn(layer_norm(x, params.gamma1, params.beta1, params.eps))
        x = x + ffn(layer_norm(x, params.gamma2, params.beta2, params.eps))
        return x
    x = add_and_norm(x, attn(x), params.gamma1, params.beta1, params.eps)
    x = add_and_norm(x, ffn(x), params.gamma2, params.beta2, params.eps)
    return x
