# 실수: pre-norm 에서도 add_and_norm 을 써서, 정규화한 입력의 서브층 출력을 더한 뒤 한 번 더 정규화함
# mistake: in pre-norm still goes through add_and_norm, normalising again after adding the sublayer output of the normalised input
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
    p = params

    def sub_attn(h):
        return multi_head_attention(h, h, h, p.W_q, p.W_k, p.W_v, p.W_o, p.num_heads, mask)[0]

    def sub_ffn(h):
        return feed_forward(h, p.W1, p.b1, p.W2, p.b2)

    if norm_first:
        x = add_and_norm(x, sub_attn(layer_norm(x, p.gamma1, p.beta1, p.eps)), p.gamma1, p.beta1, p.eps)
        x = add_and_norm(x, sub_ffn(layer_norm(x, p.gamma2, p.beta2, p.eps)), p.gamma2, p.beta2, p.eps)
        return x
    x = add_and_norm(x, sub_attn(x), p.gamma1, p.beta1, p.eps)
    return add_and_norm(x, sub_ffn(x), p.gamma2, p.beta2, p.eps)
