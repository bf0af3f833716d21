# 실수: 인자 d_k 대신 준비 셀의 전역 변수 Q 에서 좌표 수(Q.shape[-1] = 2)를 읽어 나눕니다. 다른 d_k 가 오면 틀립니다.
# mistake: reads the coordinate count from the setup cell's global Q (Q.shape[-1] = 2) instead of using the d_k argument.
import math

from helpers import data

Q, K, V = data.handmade_qkv()  # (준비 셀에 이미 있는 변수: 이 파일만 따로 돌릴 수 있게 다시 만듭니다)


def scale_scores(scores, d_k):
    """scores / √d_k: 모양은 그대로 [..., S_q, S_k]."""
    return scores / math.sqrt(Q.shape[-1])
