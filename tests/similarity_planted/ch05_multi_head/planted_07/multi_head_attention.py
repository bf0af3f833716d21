import math

import torch


def multi_head_attention(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    # 투영하고 머리마다 나눠요
    q = split_heads(query @ W_q, num_heads)
    k = split_heads(key @ W_k, num_heads)
    v = split_heads(value @ W_v, num_heads)
    # 점수를 √d_k 로 나눠요
    att = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])
    # softmax 로 비율을 만든 다음, 가릴 칸은 0 으로 지우고 합이 다시 1 이 되게 나눠요
    att = torch.softmax(att, dim=-1)
    if mask is not None:
        att = att * mask
        att = att / (att.sum(dim=-1, keepdim=True) + 1e-9)
    # 머리마다 섞고, 합치고, W_o 를 곱해요
    return merge_heads(att @ v) @ W_o, att
