# 실수: pre-norm 에서 두 서브층 뒤에 LayerNorm 을 한 번 더 씌움 (pre-norm 은 끝에 정규화하지 않음)
# mistake: in pre-norm applies one more LayerNorm after the two sublayers (pre-norm has no final norm)
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
    p = params
    attn = lambda h: multi_head_attention(h, h, h, p.W_q, p.W_k, p.W_v, p.W_o, p.num_heads, mask)[0]
    ffn = lambda h: feed_forward(h, p.W1, p.b1, p.W2, p.b2)
    if norm_first:
        x = x + attn(layer_norm(x, p.gamma1, p.beta1, p.eps))
        x = x + ffn(layer_norm(x, p.gamma2, p.beta2, p.eps))
        return layer_norm(x, p.gamma2, p.beta2, p.eps)  # 마지막으로 한 번 더 정규화
    x = add_and_norm(x, attn(x), p.gamma1, p.beta1, p.eps)
    return add_and_norm(x, ffn(x), p.gamma2, p.beta2, p.eps)
