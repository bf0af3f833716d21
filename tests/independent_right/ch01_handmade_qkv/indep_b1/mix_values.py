import torch


def mix_values(weights, V):
    """비율대로 섞은 내용 weights·V: [..., S_q, S_k] 와 [..., S_k, d_v] → [..., S_q, d_v]."""
    # 비율표의 줄마다 V 의 줄들을 비율만큼 곱해서 더한다 = 행렬곱
    # torch.mm 은 2차원만 되니까 torch.matmul 을 쓴다
    mixed = torch.matmul(weights, V)

    return mixed
