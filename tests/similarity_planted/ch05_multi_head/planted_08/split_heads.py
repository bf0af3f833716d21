import torch


def split_heads(x, num_heads):
    dm = x.shape[-1]
    if dm % num_heads != 0:
        raise ValueError(f"d_model={dm} 이(가) num_heads={num_heads} 로 나누어떨어지지 않아요 "
                         f"(머리 하나에 {dm / num_heads:g}칸이 돼요)")
    # 좌표를 머리 수만큼 잘라서 1번 축에 쌓기
    parts = x.chunk(num_heads, dim=-1)
    return torch.stack(parts, dim=1)
