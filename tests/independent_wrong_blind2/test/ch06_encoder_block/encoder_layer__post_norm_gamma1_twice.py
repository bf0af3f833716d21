# 실수: post-norm 쪽 둘째 add_and_norm 을 첫째 줄에서 복사해 gamma1, beta1 을 그대로 둬서, 기본값 norm_first=False 일 때만 틀립니다. FFN 서브층은 gamma2, beta2 입니다.
# mistake: In the post-norm branch the second add_and_norm was copied from the first and keeps gamma1, beta1, so only the default norm_first=False is wrong; the FFN sublayer uses gamma2, beta2.
import torch

from helpers.reference import multi_head_attention  # 건네받은 셀과 같은 가져오기

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
    """인코더 층 하나 [B, S, d_model] → [B, S, d_model]: 어텐션 서브층 → FFN 서브층."""
    p = params
    if norm_first:
        h = layer_norm(x, p.gamma1, p.beta1, p.eps)
        x = x + multi_head_attention(h, h, h, p.W_q, p.W_k, p.W_v, p.W_o, p.num_heads, mask)[0]
        h = layer_norm(x, p.gamma2, p.beta2, p.eps)
        return x + feed_forward(h, p.W1, p.b1, p.W2, p.b2)
    attn_out = multi_head_attention(x, x, x, p.W_q, p.W_k, p.W_v, p.W_o, p.num_heads, mask)[0]
    x = add_and_norm(x, attn_out, p.gamma1, p.beta1, p.eps)
    ffn_out = feed_forward(x, p.W1, p.b1, p.W2, p.b2)
    x = add_and_norm(x, ffn_out, p.gamma1, p.beta1, p.eps)
    return x
