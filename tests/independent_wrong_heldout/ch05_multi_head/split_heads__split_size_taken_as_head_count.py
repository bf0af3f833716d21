# 실수: torch.split 의 둘째 인자를 조각 수로 알고 num_heads 를 넣음 (split 은 조각 크기): 크기 h 인 조각 d_k 개가 되어 h 와 d_k 가 뒤바뀜
# mistake: passes num_heads to torch.split as if it were the number of pieces (it is the piece size), so it makes d_k pieces of width h: heads and d_k swap
import torch


def split_heads(x, num_heads):
    """[B, S, d_model] → [B, h, S, d_k], d_k = d_model / num_heads. 나누어떨어지지 않으면 ValueError."""
    d_model = x.shape[-1]
    if d_model % num_heads != 0:
        raise ValueError(f"d_model={d_model} 이(가) num_heads={num_heads} 로 나누어떨어지지 않습니다")
    pieces = torch.split(x, num_heads, dim=-1)  # 머리 수만큼 나누기
    return torch.stack(pieces, dim=1)
