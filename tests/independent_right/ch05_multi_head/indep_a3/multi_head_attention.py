import math

import torch


def multi_head_attention(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    """(output [B, S_q, d_model], p_attn [B, h, S_q, S_k]). 마스크는 True/1 = 볼 수 있음."""
    d_model = W_q.shape[0]
    d_k = d_model // num_heads

    # ── 1. 투영: 가중치를 전치하지 않고 x @ W ──
    Q_all = query @ W_q   # [B, S_q, d_model]
    K_all = key @ W_k     # [B, S_k, d_model]
    V_all = value @ W_v   # [B, S_k, d_model]

    # ── 2. 나누기: 머리 k 는 좌표 k·d_k … (k+1)·d_k − 1 을 가져갑니다 ──
    #    split_heads 와 같은 일이지만, 머리 하나씩 잘라 보면서 이해하려고 반복문으로 썼습니다.
    score_list = []
    for head in range(num_heads):
        start, end = head * d_k, (head + 1) * d_k
        Q_head = Q_all[:, :, start:end]   # [B, S_q, d_k]
        K_head = K_all[:, :, start:end]   # [B, S_k, d_k]
        # 이 머리의 점수표를 √d_k 로 나눕니다 (√d_model 이 아님!)
        head_scores = Q_head @ K_head.transpose(-2, -1) / math.sqrt(d_k)   # [B, S_q, S_k]
        score_list.append(head_scores)
    # 머리 축을 둘째 자리에 두고 쌓습니다 → [B, h, S_q, S_k]
    scores = torch.stack(score_list, dim=1)

    # ── 3. 마스크: 0/False 인 칸을 -1e9 로 (마스크는 받은 모양 그대로 브로드캐스팅) ──
    #    -inf 가 아니라 -1e9 라서 모든 Key 가 가려진 줄도 NaN 없이 고른 비율이 됩니다.
    if mask is not None:
        scores.masked_fill_(~mask.bool(), -1e9)

    # 줄마다 softmax → 머리마다의 비율표 (평균 내지 않고 그대로 돌려줍니다)
    p_attn = scores.softmax(dim=-1)   # [B, h, S_q, S_k]

    # ── 4. 머리마다 V 를 섞고, 머리들의 결과를 좌표 축으로 이어 붙입니다 ──
    mixed_list = []
    for head in range(num_heads):
        start, end = head * d_k, (head + 1) * d_k
        V_head = V_all[:, :, start:end]              # [B, S_k, d_k]
        mixed_list.append(p_attn[:, head] @ V_head)  # [B, S_q, d_k]
    concatenated = torch.cat(mixed_list, dim=-1)     # [B, S_q, h·d_k] = [B, S_q, d_model]

    # ── 5. 마지막으로 W_o ──
    output = concatenated @ W_o
    return output, p_attn
