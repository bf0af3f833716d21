# 실수: 1단계의 K.transpose(-2, -1) 줄을 복사해 와서 V 까지 전치했습니다. 섞을 때는 V 를 전치하지 않습니다.
# mistake: The K.transpose(-2, -1) line of step 1 was copied over, so V is transposed too; V must not be transposed when mixing.
import torch


def mix_values(weights, V):
    """비율대로 섞은 내용 weights·V: [..., S_q, S_k] 와 [..., S_k, d_v] → [..., S_q, d_v]."""
    return weights @ V.transpose(-2, -1)
