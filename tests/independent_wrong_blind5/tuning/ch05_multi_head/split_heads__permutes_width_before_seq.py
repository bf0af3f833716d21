# 실수: view 뒤에 permute(0, 2, 3, 1) 로 옮겨 [B, h, d_k, S] 모양이 됨
# mistake: permutes with (0, 2, 3, 1) after the view, giving [B, h, d_k, S]
import torch


def split_heads(x, num_heads):
    """[B, S, d_model] → [B, h, S, d_k], d_k = d_model / num_heads. 나누어떨어지지 않으면 ValueError."""
    B, S, d_model = x.shape
    if d_model % num_heads != 0:
        raise ValueError(f"d_model={d_model}이 num_heads={num_heads}로 나누어떨어지지 않습니다")
    return x.view(B, S, num_heads, d_model // num_heads).permute(0, 2, 3, 1)
