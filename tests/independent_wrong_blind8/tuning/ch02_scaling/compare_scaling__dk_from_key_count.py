# 실수: d_k 를 좌표 수 q.shape[0] 이 아니라 Key 개수 keys.shape[0] 으로 잡아 √n 으로 나눔
# mistake: takes d_k as the number of keys keys.shape[0] instead of the coordinates q.shape[0], dividing by √n
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch  # 쓰지 않아도 됩니다

from helpers import data


def compare_scaling(q, keys):
    """질문 쪽지 q [d_k]와 제목표 keys [n, d_k]의 (scores, before, after): 점수, 나누기 전 비율, √d_k로 나눈 뒤 비율."""
    def sm(z):
        z = np.exp(z - z.max())
        return z / z.sum()

    scores = keys @ q
    d_k = keys.shape[0]
    return scores, sm(scores), sm(scores / np.sqrt(d_k))
