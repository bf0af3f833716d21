# 실수: 함수 자체는 맞지만, 같은 파일의 feed_forward 가 ReLU 의 결과를 제곱합니다
# mistake: its own code is right, but the feed_forward in the same file squares the ReLU's output
import torch  # 텐서

from helpers import data

from helpers.given import multi_head_attention  # 5강의 멀티 헤드 어텐션 (문제 4에서 씁니다)


# (문제 1 에서 맞게 작성한 함수)
def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(dim=-1, keepdim=True)
    var = ((x - mean) ** 2).mean(dim=-1, keepdim=True)
    return gamma * (x - mean) / torch.sqrt(var + eps) + beta


# (문제 2 에서 작성한 함수)
def feed_forward(x, W1, b1, W2, b2):
    return (torch.relu(x @ W1 + b1) ** 2) @ W2 + b2


# (문제 3 에서 맞게 작성한 함수)
def add_and_norm(x, sublayer_output, gamma, beta, eps=1e-5):
    return layer_norm(x + sublayer_output, gamma, beta, eps)


def encoder_layer(x, params, mask=None, norm_first=False):
    p = params

    def attend(h):
        return multi_head_attention(h, h, h, p.W_q, p.W_k, p.W_v, p.W_o, p.num_heads, mask)[0]

    def ffn(h):
        return feed_forward(h, p.W1, p.b1, p.W2, p.b2)

    if norm_first:
        x = x + attend(layer_norm(x, p.gamma1, p.beta1, p.eps))
        return x + ffn(layer_norm(x, p.gamma2, p.beta2, p.eps))
    x = add_and_norm(x, attend(x), p.gamma1, p.beta1, p.eps)
    return add_and_norm(x, ffn(x), p.gamma2, p.beta2, p.eps)
