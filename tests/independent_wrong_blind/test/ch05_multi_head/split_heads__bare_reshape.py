# 실수: view 와 transpose 대신 reshape(B, h, S, d_k) 하나로 나눕니다. 모양은 맞지만 자리와 좌표가 섞여 머리마다 엉뚱한 값이 들어갑니다.
# mistake: splits with a single reshape(B, h, S, d_k) instead of view then transpose; the shape is right but positions and coordinates get mixed across heads.
def split_heads(x, num_heads):
    """[B, S, d_model] → [B, h, S, d_k], d_k = d_model / num_heads. 나누어떨어지지 않으면 ValueError."""
    B, S, d_model = x.shape
    if d_model % num_heads != 0:
        raise ValueError(f"d_model={d_model} 이(가) num_heads={num_heads} 로 나누어떨어지지 않습니다")
    d_k = d_model // num_heads
    return x.reshape(B, num_heads, S, d_k)
