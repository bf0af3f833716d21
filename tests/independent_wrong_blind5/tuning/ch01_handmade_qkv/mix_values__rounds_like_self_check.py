# 실수: 스스로 확인 예시처럼 결과를 소수 둘째 자리로 반올림해 돌려줌
# mistake: rounds the result to two decimals like the self-check example
import torch


def mix_values(weights, V):
    """비율대로 섞은 내용 weights·V: [..., S_q, S_k]와 [..., S_k, d_v] → [..., S_q, d_v]."""
    mixed = torch.matmul(weights, V)
    return mixed.round(decimals=2)
