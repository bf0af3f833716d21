# 실수: 위 테스트 셀의 전역 변수 lecture_keys 로 점수를 계산해서 인자 keys 를 쓰지 않습니다.
# mistake: computes the scores with the global lecture_keys from the test cell above instead of the keys argument.
import numpy as np

np.random.seed(7)  # (위 테스트 셀에 이미 있는 변수: 이 파일만 따로 돌릴 수 있게 다시 만듭니다)
lecture_q = np.random.randn(64)
lecture_keys = np.random.randn(8, 64)


# (문제 2 에서 맞게 작성한 함수)
def softmax_1d(x):
    exps = np.exp(x - x.max())
    return exps / exps.sum()


def compare_scaling(q, keys):
    """질문 쪽지 q [d_k] 와 제목표 keys [n, d_k] 의 (scores, before, after)."""
    scores = lecture_keys @ q
    before = softmax_1d(scores)
    after = softmax_1d(scores / np.sqrt(q.shape[0]))
    return scores, before, after
