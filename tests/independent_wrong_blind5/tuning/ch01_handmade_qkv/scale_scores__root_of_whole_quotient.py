# 실수: 괄호를 잘못 쳐 (scores / d_k) ** 0.5, 곧 나눈 몫 전체의 제곱근을 돌려줌 (음수 점수는 nan)
# mistake: misplaced parentheses: returns (scores / d_k) ** 0.5, the square root of the whole quotient (nan for negative scores)
import torch


def scale_scores(scores, d_k):
    """scores / √d_k: 모양은 그대로 [..., S_q, S_k]."""
    return (scores / d_k) ** 0.5
