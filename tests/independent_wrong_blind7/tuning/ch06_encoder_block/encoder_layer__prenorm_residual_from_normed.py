# 실수: pre-norm 에서 잔차로 원래 x 가 아니라 정규화한 h 를 더합니다: h + sublayer(h)
# mistake: in pre-norm adds the normalised h as the residual instead of the original x: h + sublayer(h)
import torch  # 텐서

from helpers import data

from helpers.given import multi_head_attention  # 5강의 멀티 헤드 어텐션 (문제 4에서 씁니다)


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
    if norm_first:
        h = layer_norm(x, params.gamma1, params.beta1, params.eps)
        x = h + multi_head_attention(h, h, h, params.W_q, params.W_k, params.W_v, params.W_o,
                                     params.num_heads, mask)[0]
        h = layer_norm(x, params.gamma2, params.beta2, params.eps)
        return h + feed_forward(h, params.W1, params.b1, params.W2, params.b2)
    att, _ = multi_head_attention(x, x, x, params.W_q, params.W_k, params.W_v, params.W_o, params.num_heads, mask)
    x = add_and_norm(x, att, params.gamma1, params.beta1, params.eps)
    return add_and_norm(x, feed_forward(x, params.W1, params.b1, params.W2, params.b2),
                        params.gamma2, params.beta2, params.eps)
