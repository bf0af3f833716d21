import math

import torch


def multi_head_attention(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    """(output [B, S_q, d_model], p_attn [B, h, S_q, S_k]). 마스크는 True/1 = 볼 수 있음."""
    # 1) 투영 (전치하지 않고 x @ W)
    Q = query @ W_q
    K = key @ W_k
    V = value @ W_v

    # 2) 머리마다 나누기 -> [B, h, S, d_k]
    Q = split_heads(Q, num_heads)
    K = split_heads(K, num_heads)
    V = split_heads(V, num_heads)

    # 머리 하나의 좌표 수 (d_model 이 아니라 d_k 로 나눠야 함)
    d_k = Q.shape[-1]

    # 3) 머리마다 어텐션
    # 점수표 [B, h, S_q, S_k]
    scores = Q @ K.transpose(-2, -1)
    scores = scores / math.sqrt(d_k)

    # 마스크가 0(False) 인 칸은 -1e9 로 가린다. 마스크는 받은 모양 그대로 쓴다
    if mask is not None:
        scores = torch.masked_fill(scores, mask == False, -1e9)

    # 마지막 축으로 softmax -> 머리마다의 비율표
    p_attn = torch.softmax(scores, -1)

    # 비율대로 V 섞기 [B, h, S_q, d_k]
    heads_output = p_attn @ V

    # 4) 머리들 합치기 [B, S_q, d_model], 그리고 W_o
    concat = merge_heads(heads_output)
    output = concat @ W_o

    return output, p_attn
