# 실수: encoder_layer 자체는 맞지만, 같은 파일의 문제 2 feed_forward 가 두 번째 선형 변환 뒤에도 ReLU 를 씌움
# mistake: encoder_layer itself is right, but the same file's problem-2 feed_forward also applies ReLU after the second linear map
import torch  # 텐서

from helpers import data


from helpers.given import multi_head_attention  # 5강의 멀티 헤드 어텐션 (문제 4에서 씁니다)


def layer_norm(x, gamma, beta, eps=1e-5):  # (문제 1 에서 맞게 작성한 함수)
    mean = x.mean(dim=-1, keepdim=True)
    var = ((x - mean) ** 2).mean(dim=-1, keepdim=True)
    return gamma * (x - mean) / torch.sqrt(var + eps) + beta


# (문제 2 에서 작성한 함수)
def feed_forward(x, W1, b1, W2, b2):
    return torch.relu(torch.relu(x @ W1 + b1) @ W2 + b2)


def add_and_norm(x, sublayer_output, gamma, beta, eps=1e-5):  # (문제 3 에서 맞게 작성한 함수)
    return layer_norm(x + sublayer_output, gamma, beta, eps)


def encoder_layer(x, params, mask=None, norm_first=False):
    """인코더 층 하나 [B, S, d_model] → [B, S, d_model]: 어텐션 서브층 → FFN 서브층."""
    p = params
    if norm_first:
        y = layer_norm(x, p.gamma1, p.beta1, p.eps)
        x = x + multi_head_attention(y, y, y, p.W_q, p.W_k, p.W_v, p.W_o, p.num_heads, mask)[0]
        y = layer_norm(x, p.gamma2, p.beta2, p.eps)
        return x + feed_forward(y, p.W1, p.b1, p.W2, p.b2)
    a = multi_head_attention(x, x, x, p.W_q, p.W_k, p.W_v, p.W_o, p.num_heads, mask)[0]
    x = add_and_norm(x, a, p.gamma1, p.beta1, p.eps)
    return add_and_norm(x, feed_forward(x, p.W1, p.b1, p.W2, p.b2), p.gamma2, p.beta2, p.eps)
