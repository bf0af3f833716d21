# 실수: 결과 모양을 받은 x 가 아니라 준비 셀의 X 모양 [4, 4, 6] 으로 정했습니다. 다른 크기의 입력에서 오류가 납니다.
# mistake: The output shape is taken from the setup cell's X [4, 4, 6] instead of the argument x, so other sizes fail.
import torch

from helpers import data

# (준비 셀에 이미 있는 변수: X)
X = data.embedded_batch()


def merge_heads(x):
    """[B, h, S, d_k] → [B, S, h·d_k]: split_heads 를 거꾸로."""
    B, S, d_model = X.shape
    return x.transpose(1, 2).contiguous().view(B, S, d_model)
