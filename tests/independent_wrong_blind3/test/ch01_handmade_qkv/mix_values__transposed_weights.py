# 실수: 비율표를 전치해서 곱함
# mistake: multiplies by the transposed weight table
import torch

def mix_values(weights, V):
    return weights.transpose(-2, -1) @ V
