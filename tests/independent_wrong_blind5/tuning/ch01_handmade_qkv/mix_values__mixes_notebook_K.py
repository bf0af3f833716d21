# 실수: 강의에서 V 와 K 가 같아서 노트북의 K 를 섞음: 받은 V 가 쓰이지 않음
# mistake: mixes the notebook's K (equal to V in the lecture), so the V it is given is never used
import torch

from helpers import data

# (준비 셀에 이미 있는 변수: Q, K, V)
Q, K, V = data.handmade_qkv()


def mix_values(weights, V):
    """비율대로 섞은 내용 weights·V: [..., S_q, S_k]와 [..., S_k, d_v] → [..., S_q, d_v]."""
    return weights @ K
