# 실수: 강의 예시에서 V 가 K 와 같다 보니 인자 V 대신 준비 셀의 전역 변수 K 를 섞습니다.
# mistake: mixes the setup cell's global K (equal to V in the lecture example) instead of the V argument.
from helpers import data

Q, K, V = data.handmade_qkv()  # (준비 셀에 이미 있는 변수: 이 파일만 따로 돌릴 수 있게 다시 만듭니다)


def mix_values(weights, V):
    """비율대로 섞은 내용 weights·V: [..., S_q, S_k] 와 [..., S_k, d_v] → [..., S_q, d_v]."""
    return weights @ K
