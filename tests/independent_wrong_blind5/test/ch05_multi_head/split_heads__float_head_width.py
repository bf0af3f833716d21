# 실수: d_k 를 / 로 나눠 실수로 만들어 view 에 넘겨, 언제나 TypeError 가 남
# mistake: computes d_k with / as a float and passes it to view, which always raises TypeError
import torch


def split_heads(x, num_heads):
    """[B, S, d_model] → [B, h, S, d_k], d_k = d_model / num_heads. 나누어떨어지지 않으면 ValueError."""
    B, S, d_model = x.size()
    if d_model % num_heads != 0:
        raise ValueError(f"d_model={d_model}은 num_heads={num_heads}로 나누어떨어지지 않습니다")
    d_k = d_model / num_heads
    return x.view(B, S, num_heads, d_k).transpose(1, 2)
