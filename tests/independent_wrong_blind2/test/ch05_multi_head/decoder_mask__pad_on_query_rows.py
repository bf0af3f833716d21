# 실수: 패딩 마스크를 [B, 1, S, 1] 로 세워 [PAD] 를 Key 열이 아니라 Query 줄에서 가립니다.
# mistake: The padding mask is set up as [B, 1, S, 1], hiding [PAD] on the query rows instead of the key columns.
import torch

# (문제 3 에서 맞게 작성한 함수)
def causal_mask(size):
    return torch.tril(torch.ones(size, size, dtype=torch.bool))


def decoder_mask(x, pad_id=0):
    """bool [B, 1, S, S]: 패딩 마스크 [B, 1, 1, S] & 미래 가리기 [S, S]."""
    pad = (x != pad_id)[:, None, :, None]
    return pad & causal_mask(x.size(1))
