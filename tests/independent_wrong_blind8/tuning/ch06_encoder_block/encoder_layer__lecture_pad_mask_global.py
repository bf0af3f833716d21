# 실수: 인자 mask 대신 준비 셀의 전역 pad_mask 를 멀티 헤드 어텐션에 넘김
# mistake: passes the setup cell's global pad_mask to multi-head attention instead of the mask argument
import torch  # 텐서

from helpers import data


from helpers.given import multi_head_attention  # 5강의 멀티 헤드 어텐션 (문제 4에서 씁니다)

# (준비 셀에 이미 있는 변수: x, pad_mask)
x = data.sentence_batch()
pad_mask = (x != 0)[:, None, None, :]

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

    def attention_block(h):
        return multi_head_attention(h, h, h, p.W_q, p.W_k, p.W_v, p.W_o, p.num_heads, pad_mask)[0]

    def ffn_block(h):
        return feed_forward(h, p.W1, p.b1, p.W2, p.b2)

    if norm_first:
        x = x + attention_block(layer_norm(x, p.gamma1, p.beta1, p.eps))
        return x + ffn_block(layer_norm(x, p.gamma2, p.beta2, p.eps))
    x = add_and_norm(x, attention_block(x), p.gamma1, p.beta1, p.eps)
    return add_and_norm(x, ffn_block(x), p.gamma2, p.beta2, p.eps)
