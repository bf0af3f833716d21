# 실수: 인자 V 대신 준비 셀의 K 를 섞습니다. 강의 예시에서는 V 가 K 의 복사본이라 맞아 보일 뿐입니다.
# mistake: The setup cell's K is mixed instead of the V argument; it only looks right because the lecture's V is a copy of K.
import torch

from helpers import data

# (준비 셀에 이미 있는 변수: Q, K, V)
Q, K, V = data.handmade_qkv()


def mix_values(weights, V):
    """비율대로 섞은 내용 weights·V: [..., S_q, S_k] 와 [..., S_k, d_v] → [..., S_q, d_v]."""
    return weights @ K
