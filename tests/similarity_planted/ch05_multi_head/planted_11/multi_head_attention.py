import math

import torch


def multi_head_attention(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    Qs = split_heads(query @ W_q, num_heads)  # [B, h, S_q, d_k]
    Ks = split_heads(key @ W_k, num_heads)    # [B, h, S_k, d_k]
    Vs = split_heads(value @ W_v, num_heads)
    B, H, Sq, dk = Qs.shape
    Sk = Ks.size(2)

    # 문장 축과 머리 축을 하나로 눌러서 bmm 한 번에 (표가 B·h 장)
    q2 = Qs.reshape(B * H, Sq, dk)
    k2 = Ks.reshape(B * H, Sk, dk)
    v2 = Vs.reshape(B * H, Sk, dk)
    sc = torch.bmm(q2, k2.transpose(1, 2)).div(math.sqrt(dk))
    sc = sc.view(B, H, Sq, Sk)

    # 마스크는 받은 모양 그대로 브로드캐스트, 0/False 인 칸은 -1e9
    if mask is not None:
        sc = sc.masked_fill(mask.logical_not(), -1e9)
    attn = sc.softmax(dim=-1)

    # 다시 B·h 장으로 눌러 V 를 섞고, 머리 축을 되살려 합침
    ctx = torch.bmm(attn.reshape(B * H, Sq, Sk), v2)
    heads = ctx.view(B, H, Sq, dk)
    return merge_heads(heads) @ W_o, attn
