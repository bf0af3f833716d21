# 실수: triu(diagonal=1) 로 미래 칸을 True 로 만들었습니다. 이 과정의 마스크는 True = 볼 수 있음이라, 볼 수 있는 과거와 자기 자리가 True 여야 합니다.
# mistake: triu(diagonal=1) marks the future cells True; in this course True means may attend, so the past and the diagonal must be True.
import torch


def causal_mask(size):
    """bool [size, size]: Key 자리 ≤ Query 자리인 칸이 True (아래 삼각형)."""
    return torch.triu(torch.ones(size, size), diagonal=1).bool()
