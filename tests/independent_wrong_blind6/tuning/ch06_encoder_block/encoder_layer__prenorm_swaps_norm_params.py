# 실수: pre-norm 에서 어텐션 앞의 LayerNorm 에 gamma2/beta2 를, FFN 앞에 gamma1/beta1 을 써서 둘을 바꿈
# mistake: in pre-norm, normalises before the attention with gamma2/beta2 and before the FFN with gamma1/beta1 (swapped)
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
    if not norm_first:
        out, _ = multi_head_attention(x, x, x, p.W_q, p.W_k, p.W_v, p.W_o, p.num_heads, mask)
        x = add_and_norm(x, out, p.gamma1, p.beta1, p.eps)
        return add_and_norm(x, feed_forward(x, p.W1, p.b1, p.W2, p.b2), p.gamma2, p.beta2, p.eps)
    n = layer_norm(x, p.gamma2, p.beta2, p.eps)
    x = x + multi_head_attention(n, n, n, p.W_q, p.W_k, p.W_v, p.W_o, p.num_heads, mask)[0]
    n = layer_norm(x, p.gamma1, p.beta1, p.eps)
    return x + feed_forward(n, p.W1, p.b1, p.W2, p.b2)
