# 실수: 마지막 축을 (h, d_k) 가 아니라 (d_k, h) 로 쪼개서, 머리마다 이어진 좌표가 아니라 h 칸씩 건너뛴 좌표를 가져갑니다.
# mistake: Splits the last axis as (d_k, h) instead of (h, d_k), so each head gets every h-th coordinate instead of a contiguous block.
import torch


def split_heads(x, num_heads):
    """[B, S, d_model] → [B, h, S, d_k], d_k = d_model / num_heads. 나누어떨어지지 않으면 ValueError."""
    B, S, d_model = x.shape
    if d_model % num_heads != 0:
        raise ValueError(f"d_model={d_model} 이(가) num_heads={num_heads} 로 나누어떨어지지 않습니다")
    d_k = d_model // num_heads
    return x.view(B, S, d_k, num_heads).permute(0, 3, 1, 2)
