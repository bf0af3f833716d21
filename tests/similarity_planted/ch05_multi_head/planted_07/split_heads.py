import torch


def split_heads(x, num_heads):
    d_model = x.shape[-1]
    if d_model % num_heads != 0:
        raise ValueError(f"d_model={d_model} 이(가) num_heads={num_heads} 로 나누어떨어지지 않아요 "
                         f"(머리 하나에 {d_model / num_heads:g}칸이 돼요)")
    # 좌표를 머리 수만큼 토막 내서 1번 축에 쌓아요
    pieces = x.chunk(num_heads, dim=-1)
    return torch.stack(pieces, dim=1)
