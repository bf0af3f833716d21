# 실수: 나누어떨어지는지 확인하지 않아서, 안 나누어떨어지면 한국어 ValueError 대신 view 의 RuntimeError 가 납니다.
# mistake: never checks divisibility, so an indivisible d_model raises view's RuntimeError instead of the asked-for Korean ValueError.
def split_heads(x, num_heads):
    """[B, S, d_model] → [B, h, S, d_k], d_k = d_model / num_heads. 나누어떨어지지 않으면 ValueError."""
    B, S, d_model = x.shape
    d_k = d_model // num_heads
    return x.view(B, S, num_heads, d_k).transpose(1, 2)
