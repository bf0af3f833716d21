# 실수: pre-norm 에서 잔차로 정규화한 값을 더하고, layer_norm 에 params.eps 도 넘기지 않음
# mistake: in pre-norm adds the residual to the normalised value, and does not pass params.eps to layer_norm
import torch  # 텐서

from helpers.given import multi_head_attention  # 5강의 멀티 헤드 어텐션 (문제 4에서 씁니다)


# (문제 1 에서 맞게 작성한 함수)
def layer_norm(x, gamma, beta, eps=1e-5):
    """x [..., d]를 마지막 축으로 정규화 (치우친 분산, √ 안의 eps)한 뒤 gamma * x̂ + beta."""
    centre = x - x.mean(dim=-1, keepdim=True)
    spread = (centre ** 2).mean(dim=-1, keepdim=True)
    return gamma * centre / torch.sqrt(spread + eps) + beta


# (문제 2 에서 맞게 작성한 함수)
def feed_forward(x, W1, b1, W2, b2):
    """relu(x @ W1 + b1) @ W2 + b2: [..., d_model] → [..., d_model], 자리마다 같은 가중치."""
    hidden = torch.relu(x @ W1 + b1)
    return hidden @ W2 + b2


# (문제 3 에서 맞게 작성한 함수)
def add_and_norm(x, sublayer_output, gamma, beta, eps=1e-5):
    """layer_norm(x + sublayer_output): 잔차를 더한 뒤 정규화 (post-norm)."""
    return layer_norm(x + sublayer_output, gamma, beta, eps)


def encoder_layer(x, params, mask=None, norm_first=False):
    """인코더 층 하나 [B, S, d_model] → [B, S, d_model]: 어텐션 서브층 → FFN 서브층."""
    p = params

    def attend(h):
        return multi_head_attention(h, h, h, p.W_q, p.W_k, p.W_v, p.W_o, p.num_heads, mask)[0]

    if norm_first:
        h = layer_norm(x, p.gamma1, p.beta1)
        x = h + attend(h)
        h = layer_norm(x, p.gamma2, p.beta2)
        return h + feed_forward(h, p.W1, p.b1, p.W2, p.b2)
    first = add_and_norm(x, attend(x), p.gamma1, p.beta1, p.eps)
    return add_and_norm(first, feed_forward(first, p.W1, p.b1, p.W2, p.b2), p.gamma2, p.beta2, p.eps)
