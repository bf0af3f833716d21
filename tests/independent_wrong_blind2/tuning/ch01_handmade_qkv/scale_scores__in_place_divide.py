# 실수: scores /= … 는 받은 점수표를 제자리에서 바꿉니다. 입력은 그대로 두고 새 텐서를 만들어 돌려줘야 합니다.
# mistake: scores /= ... changes the caller's score table in place; the input must stay untouched and a new tensor be returned.
import math


def scale_scores(scores, d_k):
    """scores / √d_k: 모양은 그대로 [..., S_q, S_k]."""
    scores /= math.sqrt(d_k)
    return scores
