import math
import torch
def multi_head_attention(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    """멀티 헤드 어텐션 (머리별 반복문)"""
    d_model = W_q.shape[0]
    d_k = d_model // num_heads
    Q_all = query @ W_q
    K_all = key @ W_k
    V_all = value @ W_v
    score_list = []
    for head in range(num_heads):
        start, end = head*d_k, (head+1)*d_k
        Q_head = Q_all[:, :, start:end]
        K_head = K_all[:, :, start:end]
        head_scores = Q_head @ K_head.transpose(-2, -1) / math.sqrt(d_k)
        score_list.append(head_scores)
    scores = torch.stack(score_list, dim=1)
    if mask is not None:
        scores.masked_fill_(~mask.bool(), -1e9)
    p_attn = scores.softmax(dim=-1)
    mixed_list = []
    for head in range(num_heads):
        start, end = head*d_k, (head+1)*d_k
        V_head = V_all[:, :, start:end]
        mixed_list.append(p_attn[:, head] @ V_head)
    concatenated = torch.cat(mixed_list, dim=-1)
    output = concatenated @ W_o
    return output, p_attn
