# 실수: 인자 pad_id 대신 0 과 비교해서, [PAD] 번호가 0 이 아니면 틀립니다.
# mistake: The ids are compared with 0 instead of pad_id, which is wrong whenever [PAD] is not 0.
import torch

# (문제 3 에서 맞게 작성한 함수)
def causal_mask(size):
    return torch.tril(torch.ones(size, size, dtype=torch.bool))


def decoder_mask(x, pad_id=0):
    """bool [B, 1, S, S]: 패딩 마스크 [B, 1, 1, S] & 미래 가리기 [S, S]."""
    pad = (x != 0)[:, None, None, :]
    return pad & causal_mask(x.size(-1))
