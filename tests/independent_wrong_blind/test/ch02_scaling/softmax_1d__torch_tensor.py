# 실수: torch 로 바꿔 계산한 뒤 그대로 돌려주어 numpy 배열이 아니라 torch 텐서를 돌려줍니다.
# mistake: computes with torch and returns a torch tensor instead of a numpy array.
import torch


def softmax_1d(x):
    """1차원 numpy 배열 x 의 softmax: 가장 큰 값을 빼고 exp, 합으로 나눈 비율 [n]."""
    t = torch.as_tensor(x)
    exps = torch.exp(t - t.max())
    return exps / exps.sum()
