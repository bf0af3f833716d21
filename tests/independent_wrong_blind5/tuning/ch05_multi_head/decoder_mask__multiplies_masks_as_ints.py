# 실수: 두 마스크를 정수로 바꿔 곱해 (그리고의 뜻으로) 정수 마스크를 돌려줌
# mistake: multiplies the two masks as integers (meaning 'and'), returning an integer mask
import torch


# (문제 3 에서 맞게 작성한 함수)
def causal_mask(size):
    return torch.tril(torch.ones(size, size, dtype=torch.bool))


def decoder_mask(x, pad_id=0):
    """bool [B, 1, S, S]: 패딩 마스크 [B, 1, 1, S] & 미래 가리기 [S, S]."""
    pad = (x != pad_id).long()[:, None, None, :]
    return pad * causal_mask(x.size(-1)).long()
