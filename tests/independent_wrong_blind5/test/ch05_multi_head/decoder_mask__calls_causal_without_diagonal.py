# 실수: 함수 자체는 맞지만, 같은 파일의 causal_mask 가 tril(diagonal=-1) 로 대각선까지 가림
# mistake: right itself, but the causal_mask of the same file hides the diagonal too (tril with diagonal=-1)
import torch


# (문제 3 에서 작성한 함수)
def causal_mask(size):
    return torch.tril(torch.ones(size, size, dtype=torch.bool), diagonal=-1)


def decoder_mask(x, pad_id=0):
    """bool [B, 1, S, S]: 패딩 마스크 [B, 1, 1, S] & 미래 가리기 [S, S]."""
    keys = (x != pad_id)[:, None, None, :]
    return keys & causal_mask(x.size(-1))
