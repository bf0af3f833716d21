# 실수: 두 마스크를 | (또는)로 묶어서 한쪽만 허락해도 보입니다. 둘 다 True 일 때만 보이도록 & 로 묶어야 합니다.
# mistake: The two masks are combined with | (or), so either one alone lets a cell through; they must be combined with &.
import torch

# (문제 3 에서 맞게 작성한 함수)
def causal_mask(size):
    return torch.tril(torch.ones(size, size, dtype=torch.bool))


def decoder_mask(x, pad_id=0):
    """bool [B, 1, S, S]: 패딩 마스크 [B, 1, 1, S] & 미래 가리기 [S, S]."""
    pad = (x != pad_id).unsqueeze(1).unsqueeze(2)
    return pad | causal_mask(x.size(-1))
