# 실수: 함수 자체는 맞지만, 같은 파일의 softmax_1d 가 exp 를 합이 아니라 유클리드 길이로 나눔
# mistake: right itself, but the softmax_1d of the same file divides the exps by their Euclidean norm instead of their sum
import numpy as np


# (문제 2 에서 작성한 함수)
def softmax_1d(x):
    e = np.exp(x - np.max(x))
    return e / np.linalg.norm(e)


def compare_scaling(q, keys):
    """질문 쪽지 q [d_k]와 제목표 keys [n, d_k]의 (scores, before, after): 점수, 나누기 전 비율, √d_k로 나눈 뒤 비율."""
    scores = keys @ q
    return scores, softmax_1d(scores), softmax_1d(scores / np.sqrt(q.shape[0]))
