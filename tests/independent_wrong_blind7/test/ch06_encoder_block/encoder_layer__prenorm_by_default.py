# 실수: 요즘 모델처럼 pre-norm 을 쓰려고 머리를 `norm_first=True` 로 바꿔, norm_first 를 주지 않고 부르면 post-norm 대신 pre-norm 이 나옵니다
# mistake: changes the signature to norm_first=True, as modern models use pre-norm, so a call that leaves norm_first out gets pre-norm instead of post-norm
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


def encoder_layer(x, params, mask=None, norm_first=True):
    def sub_attn(h):
        out, _ = multi_head_attention(h, h, h, params.W_q, params.W_k, params.W_v, params.W_o,
                                      params.num_heads, mask)
        return out

    def sub_ffn(h):
        return feed_forward(h, params.W1, params.b1, params.W2, params.b2)

    if norm_first:
        x = x + sub_attn(layer_norm(x, params.gamma1, params.beta1, params.eps))
        return x + sub_ffn(layer_norm(x, params.gamma2, params.beta2, params.eps))
    x = add_and_norm(x, sub_attn(x), params.gamma1, params.beta1, params.eps)
    return add_and_norm(x, sub_ffn(x), params.gamma2, params.beta2, params.eps)
