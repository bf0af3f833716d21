# 실수: norm_first 를 보지 않고 언제나 post-norm 으로 계산함
# mistake: never looks at norm_first and always computes post-norm
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
    attn_out, _ = multi_head_attention(x, x, x, params.W_q, params.W_k, params.W_v, params.W_o,
                                       params.num_heads, mask)
    x = add_and_norm(x, attn_out, params.gamma1, params.beta1, params.eps)
    ffn_out = feed_forward(x, params.W1, params.b1, params.W2, params.b2)
    x = add_and_norm(x, ffn_out, params.gamma2, params.beta2, params.eps)
    return x
