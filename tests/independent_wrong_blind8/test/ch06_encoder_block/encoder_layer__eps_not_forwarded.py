# 실수: layer_norm 과 add_and_norm 에 params.eps 를 넘기지 않아 기본값 1e-5 로 정규화함
# mistake: does not pass params.eps to layer_norm and add_and_norm, so they normalise with the default 1e-5
import torch  # 텐서

from helpers import data


from helpers.given import multi_head_attention  # 5강의 멀티 헤드 어텐션 (문제 4에서 씁니다)

def layer_norm(x, gamma, beta, eps=1e-5):  # (문제 1 에서 맞게 작성한 함수)
    mean = x.mean(dim=-1, keepdim=True)
    var = ((x - mean) ** 2).mean(dim=-1, keepdim=True)
    return gamma * (x - mean) / torch.sqrt(var + eps) + beta


def feed_forward(x, W1, b1, W2, b2):  # (문제 2 에서 맞게 작성한 함수)
    return torch.relu(x @ W1 + b1) @ W2 + b2


def add_and_norm(x, sublayer_output, gamma, beta, eps=1e-5):  # (문제 3 에서 맞게 작성한 함수)
    return layer_norm(x + sublayer_output, gamma, beta, eps)


def encoder_layer(x, params, mask=None, norm_first=False):
    """인코더 층 하나 [B, S, d_model] → [B, S, d_model]: 어텐션 서브층 → FFN 서브층."""
    def sa(h):
        out, _ = multi_head_attention(h, h, h, params.W_q, params.W_k, params.W_v, params.W_o, params.num_heads, mask)
        return out

    def ff(h):
        return feed_forward(h, params.W1, params.b1, params.W2, params.b2)

    if norm_first:
        h = x + sa(layer_norm(x, params.gamma1, params.beta1))
        return h + ff(layer_norm(h, params.gamma2, params.beta2))
    h = add_and_norm(x, sa(x), params.gamma1, params.beta1)
    return add_and_norm(h, ff(h), params.gamma2, params.beta2)
