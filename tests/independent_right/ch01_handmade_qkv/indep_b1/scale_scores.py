import math


def scale_scores(scores, d_k):
    """scores / √d_k: 모양은 그대로 [..., S_q, S_k]."""
    # d_k 의 제곱근을 먼저 구한다 (d_k 로 나누는 게 아님!)
    root_d_k = math.sqrt(d_k)

    # 점수표 전체를 제곱근으로 나눈다 (새 텐서가 만들어지니 입력은 그대로)
    scaled = scores / root_d_k

    return scaled
