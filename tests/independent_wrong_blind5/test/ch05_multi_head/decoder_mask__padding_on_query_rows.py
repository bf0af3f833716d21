# 실수: 패딩 마스크를 [B, 1, S, 1] 로 세워 [PAD] 를 Key 열이 아니라 Query 줄로 가림
# mistake: shapes the padding mask [B, 1, S, 1], so [PAD] is hidden as a query row instead of a key column
import torch


# (문제 3 에서 맞게 작성한 함수)
def causal_mask(size):
    return torch.tril(torch.ones(size, size, dtype=torch.bool))


def decoder_mask(x, pad_id=0):
    """bool [B, 1, S, S]: 패딩 마스크 [B, 1, 1, S] & 미래 가리기 [S, S]."""
    pad = (x != pad_id).unsqueeze(1).unsqueeze(-1)
    return pad & causal_mask(x.shape[1])
