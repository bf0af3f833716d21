import math

import torch


def multi_head_attention(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    """(output [B, S_q, d_model], p_attn [B, h, S_q, S_k]). 마스크는 True/1 = 볼 수 있음."""
    q = split_heads(query @ W_q, num_heads)  # [B, h, S_q, d_k]
    k = split_heads(key @ W_k, num_heads)    # [B, h, S_k, d_k]
    v = split_heads(value @ W_v, num_heads)
    nb, nh, len_q, d_k = q.shape
    len_k = k.size(2)

    # 문장 축과 머리 축을 하나로 눌러서 bmm 한 번에 (표가 B·h 장)
    flat_q = q.reshape(nb * nh, len_q, d_k)
    flat_k = k.reshape(nb * nh, len_k, d_k)
    flat_v = v.reshape(nb * nh, len_k, d_k)
    logits = torch.bmm(flat_q, flat_k.transpose(1, 2)).div(math.sqrt(d_k))
    logits = logits.view(nb, nh, len_q, len_k)

    # 마스크는 받은 모양 그대로 브로드캐스트, 0/False 인 칸은 -1e9
    if mask is not None:
        logits = logits.masked_fill(mask.logical_not(), -1e9)
    probs = logits.softmax(dim=-1)

    # 다시 B·h 장으로 눌러 V 를 섞고, 머리 축을 되살려 합침
    mixed = torch.bmm(probs.reshape(nb * nh, len_q, len_k), flat_v)
    heads = mixed.view(nb, nh, len_q, d_k)
    return merge_heads(heads) @ W_o, probs
