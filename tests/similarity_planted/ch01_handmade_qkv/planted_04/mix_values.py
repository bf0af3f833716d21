import torch
def mix_values(weights, V):
    mixed = torch.matmul(weights,V)   # 2차원 아니어도 됨
    return mixed
