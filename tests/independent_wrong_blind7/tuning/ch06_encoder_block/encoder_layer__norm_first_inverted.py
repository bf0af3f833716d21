# 실수: 조건을 `if not norm_first:` 로 거꾸로 써서, norm_first=False 에 pre-norm 을, True 에 post-norm 을 계산합니다
# mistake: writes the test as `if not norm_first:`, computing pre-norm for norm_first=False and post-norm for True
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
    attn = lambda h: multi_head_attention(h, h, h, params.W_q, params.W_k, params.W_v, params.W_o,
                                          params.num_heads, mask)[0]
    ffn = lambda h: feed_forward(h, params.W1, params.b1, params.W2, params.b2)
    if not norm_first:   # pre-norm
        x = x + attn(layer_norm(x, params.gamma1, params.beta1, params.eps))
        x = x + ffn(layer_norm(x, params.gamma2, params.beta2, params.eps))
        return x
    x = add_and_norm(x, attn(x), params.gamma1, params.beta1, params.eps)
    x = add_and_norm(x, ffn(x), params.gamma2, params.beta2, params.eps)
    return x
