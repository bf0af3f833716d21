# 실수: 마지막 축을 (h, d_k) 가 아니라 (d_k, h) 로 쪼갠 뒤 permute 해서, 머리 k 가 이어진 좌표가 아니라 k, k+h, k+2h … 를 가져감
# mistake: views the last axis as (d_k, h) instead of (h, d_k) and permutes, so head k takes the strided coordinates k, k+h, k+2h, … instead of a contiguous block
import torch


def split_heads(x, num_heads):
    """[B, S, d_model] → [B, h, S, d_k], d_k = d_model / num_heads. 나누어떨어지지 않으면 ValueError."""
    B, S, d_model = x.shape
    if d_model % num_heads:
        raise ValueError(f"d_model={d_model} 이(가) num_heads={num_heads} 로 나누어떨어지지 않습니다")
    d_k = d_model // num_heads
    return x.view(B, S, d_k, num_heads).permute(0, 3, 1, 2)
