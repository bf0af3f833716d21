# 실수: chunk 로 나눠 stack 하면서 나누어떨어지는지 확인하지 않아, 맞지 않는 머리 수에서 ValueError 대신 값이나 다른 오류가 나옴
# mistake: splits with chunk and stack without checking divisibility, so a bad head count returns a value or another error instead of ValueError
import torch


def split_heads(x, num_heads):
    """[B, S, d_model] → [B, h, S, d_k], d_k = d_model / num_heads. 나누어떨어지지 않으면 ValueError."""
    return torch.stack(x.chunk(num_heads, dim=-1), dim=1)
