# 실수: view(B, S, h, d_k) 까지만 하고 transpose(1, 2) 를 빠뜨려 [B, S, h, d_k] 를 돌려줍니다.
# mistake: The function stops after view(B, S, h, d_k) and forgets transpose(1, 2), returning [B, S, h, d_k].
import torch


def split_heads(x, num_heads):
    """[B, S, d_model] → [B, h, S, d_k], d_k = d_model / num_heads. 나누어떨어지지 않으면 ValueError."""
    B, S, d_model = x.shape
    if d_model % num_heads != 0:
        raise ValueError(f"d_model={d_model} 은 num_heads={num_heads} 로 나누어떨어지지 않습니다")
    return x.view(B, S, num_heads, d_model // num_heads)
