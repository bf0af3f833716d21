import torch


def mix_values(weights, V):
    """비율대로 섞은 내용 weights·V: [..., S_q, S_k] 와 [..., S_k, d_v] → [..., S_q, d_v]."""
    # 비율표의 한 줄 = 각 낱말의 내용을 얼마나 가져올지.
    # 행렬곱을 하면 줄마다 (비율 × 내용) 을 모두 더한 값이 나옵니다.
    # torch.mm 은 2차원만 되니까 배치 축이 있어도 되는 torch.matmul 을 씁니다.
    mixed_result = torch.matmul(weights, V)
    return mixed_result
