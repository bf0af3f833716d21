def split_heads(x, num_heads):
    B, S, width = x.shape
    if width % num_heads:
        raise ValueError(f"d_model={width} 이(가) num_heads={num_heads} 로 나누어떨어지지 않습니다: "
                         f"{num_heads} 의 배수인 d_model 이 필요합니다")
    return x.reshape(B, S, num_heads, width // num_heads).transpose(-3, -2)  # heads in front of positions
