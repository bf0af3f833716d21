# 실수: V @ weights 로 곱하는 순서를 바꿨습니다. 비율표가 앞, 내용이 뒤인 weights @ V 입니다.
# mistake: The product is written V @ weights; the weight table comes first: weights @ V.
import torch


def mix_values(weights, V):
    """비율대로 섞은 내용 weights·V: [..., S_q, S_k] 와 [..., S_k, d_v] → [..., S_q, d_v]."""
    return V @ weights
