# 실수: V 의 줄마다 비율 열을 곱해 더하는 반복문이 첫 축을 Key 축으로 여겨, 배치 축이 붙으면 틀림
# mistake: a loop adds each row of V times its column of ratios, taking the first axis for the keys, so it breaks with batch axes
import torch


def mix_values(weights, V):
    """비율대로 섞은 내용 weights·V: [..., S_q, S_k]와 [..., S_k, d_v] → [..., S_q, d_v]."""
    total = 0
    for j in range(V.shape[0]):
        total = total + weights[:, j:j + 1] * V[j]
    return total
