import torch


def causal_mask(size):
    """bool [size, size]: Key 자리 ≤ Query 자리인 칸이 True (아래 삼각형)."""
    # 모두 1 인 정사각형 표를 만들고
    all_ones = torch.ones(size, size)
    # 아래 삼각형(대각선 포함)만 남깁니다. 줄 = Query 자리, 열 = Key 자리라서
    # 줄 q 에서는 열 0 … q 만 보이고 그 뒤(미래)는 가려집니다.
    lower_triangle = torch.tril(all_ones)
    # True/False 표로 바꿔서 돌려줍니다
    return lower_triangle.bool()
