# 실수: 브로드캐스트 곱을 Key 축이 아니라 Query 축으로 더함
# mistake: sums the broadcast product over the query axis instead of the key axis
import torch

def mix_values(weights, V):
    return (weights.unsqueeze(-1) * V.unsqueeze(-3)).sum(dim=-3)
