# 실수: 3장처럼 패딩 마스크를 [B, 1, S] 로 만들어 묶어서 결과가 [B, 1, S, S] 가 아니라 [B, S, S] 입니다. 멀티 헤드의 점수표와 맞추면 문장 축이 머리 축에 놓입니다.
# mistake: builds the padding mask as [B, 1, S] (the ch03 shape), so the result is [B, S, S] instead of [B, 1, S, S] and its sentence axis lands on the head axis of the scores.
import torch


# (문제 3 에서 맞게 작성한 함수)
def causal_mask(size):
    return torch.tril(torch.ones(size, size, dtype=torch.bool))


def decoder_mask(x, pad_id=0):
    """bool [B, 1, S, S]: 패딩 마스크 [B, 1, 1, S] & 미래 가리기 [S, S]."""
    pad = (x != pad_id).unsqueeze(1)
    return pad & causal_mask(x.shape[1])
