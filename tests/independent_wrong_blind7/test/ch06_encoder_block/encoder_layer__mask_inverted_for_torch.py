# 실수: nn.TransformerEncoderLayer 의 key_padding_mask (True = 가림) 에 맞춘다며 `~mask` 를 넘겨, 볼 수 있는 칸을 가립니다
# mistake: passes ~mask to match nn.TransformerEncoderLayer's key_padding_mask (True = hidden), so it hides the cells that may be attended
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
    keep = None if mask is None else ~mask     # torch 처럼 True = [PAD]
    attn = lambda h: multi_head_attention(h, h, h, p.W_q, p.W_k, p.W_v, p.W_o, p.num_heads, keep)[0]
    if norm_first:
        x = x + attn(layer_norm(x, p.gamma1, p.beta1, p.eps))
        return x + feed_forward(layer_norm(x, p.gamma2, p.beta2, p.eps), p.W1, p.b1, p.W2, p.b2)
    x = add_and_norm(x, attn(x), p.gamma1, p.beta1, p.eps)
    return add_and_norm(x, feed_forward(x, p.W1, p.b1, p.W2, p.b2), p.gamma2, p.beta2, p.eps)
