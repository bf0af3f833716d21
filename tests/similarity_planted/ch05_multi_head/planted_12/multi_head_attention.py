import math

import torch


def multi_head_attention(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    # (1) 투영하고 머리로 나누기
    qh, kh, vh = [split_heads(torch.matmul(inp, w), num_heads) for inp, w in zip((query, key, value), (W_q, W_k, W_v))]
    # (2) 점수 ÷ √d_k, 가려진 칸은 -1e9
    scores = torch.matmul(qh, torch.transpose(kh, 2, 3)) / math.sqrt(qh.shape[3])
    if mask is not None:
        scores = torch.where(torch.as_tensor(mask).bool(), scores, torch.tensor(-1e9, dtype=scores.dtype))
    # (3) 비율 → 섞기 → 합치기 → W_o
    p_attn = torch.softmax(scores, dim=3)
    return torch.matmul(merge_heads(torch.matmul(p_attn, vh)), W_o), p_attn
