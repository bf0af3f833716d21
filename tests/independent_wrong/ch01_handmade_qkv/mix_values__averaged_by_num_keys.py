# 실수: 비율로 가중합한 뒤 Key 개수로 한 번 더 나눠 평균을 냈습니다. 비율의 합이 이미 1 이므로 나누지 않습니다.
# mistake: After the weighted sum, divides again by the number of keys (as if averaging); the weights already sum to 1.
import torch

def mix_values(weights, V):
    """비율대로 섞은 내용 weights·V: [..., S_q, S_k] 와 [..., S_k, d_v] → [..., S_q, d_v]."""
    return (weights @ V) / weights.shape[-1]
