# 실수: 표로 보려고 numpy 배열로 바꿔 돌려줌
# mistake: converts the result to a numpy array to show it as a table
import torch

def mix_values(weights, V):
    return (weights @ V).detach().numpy()
