# 실수: 가중치 인자 이름을 소문자 w_q … w_o 로 두고 몸통에서는 준비 셀의 전역 W_q … W_o 를 곱합니다
# mistake: names the weight parameters w_q … w_o in lower case but multiplies the setup cell's global W_q … W_o in the body
import math

import torch  # 텐서

from helpers import data


# (준비 셀에 이미 있는 변수: X, W_q, W_k, W_v, W_o, x, address)
X = data.embedded_batch()
W_q, W_k, W_v, W_o = data.multi_head_weights()
x = data.sentence_batch()
address = (10.0 * torch.arange(4)[:, None] + torch.arange(6)).expand(1, 4, 6).clone()


# (문제 1 에서 맞게 작성한 함수)
def split_heads(x, num_heads):
    B, S, d_model = x.shape
    if d_model % num_heads:
        raise ValueError(f"d_model={d_model}이 num_heads={num_heads}로 나누어떨어지지 않습니다")
    return x.view(B, S, num_heads, d_model // num_heads).transpose(1, 2)

# (문제 2 에서 맞게 작성한 함수)
def merge_heads(x):
    B, h, S, d_k = x.shape
    return x.transpose(1, 2).contiguous().view(B, S, h * d_k)


def multi_head_attention(query, key, value, w_q, w_k, w_v, w_o, num_heads, mask=None):
    Q = split_heads(query @ W_q, num_heads)
    K = split_heads(key @ W_k, num_heads)
    V = split_heads(value @ W_v, num_heads)
    logits = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if mask is not None:
        logits = torch.where(mask == 0, torch.full_like(logits, -1e9), logits)
    probs = logits.softmax(-1)
    return merge_heads(probs @ V) @ W_o, probs
