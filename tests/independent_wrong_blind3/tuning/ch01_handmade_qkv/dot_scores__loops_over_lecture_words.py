# 실수: 강의의 WORDS 길이로 4×4 표를 만들어 반복문으로 채움
# mistake: fills a len(WORDS)×len(WORDS) table in a loop, sized by the notebook's WORDS
import torch

# (준비 셀에 이미 있는 변수: WORDS)
from helpers import data

WORDS = list(data.WORDS)


def dot_scores(Q, K):
    table = torch.zeros(len(WORDS), len(WORDS))
    for i in range(len(WORDS)):
        for j in range(len(WORDS)):
            table[i, j] = Q[i] @ K[j]
    return table
