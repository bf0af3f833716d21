import math

import torch


def multi_head_attention(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    # 투영 후 머리마다 나누기
    Qh = split_heads(query @ W_q, num_heads)
    Kh = split_heads(key @ W_k, num_heads)
    Vh = split_heads(value @ W_v, num_heads)
    # 점수 / √d_k
    probs = Qh @ Kh.transpose(-2, -1) / math.sqrt(Qh.shape[-1])
    # softmax 로 비율, 가릴 칸은 0 으로 지우고 다시 합이 1 이 되게 나누기
    probs = torch.softmax(probs, dim=-1)
    if mask is not None:
        probs = probs * mask
        probs = probs / (probs.sum(dim=-1, keepdim=True) + 1e-9)
    # 머리마다 섞고 합치고 W_o
    return merge_heads(probs @ Vh) @ W_o, probs
