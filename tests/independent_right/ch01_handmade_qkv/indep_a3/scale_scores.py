import math


def scale_scores(scores, d_k):
    """scores / √d_k: 모양은 그대로 [..., S_q, S_k]."""
    # d_k 가 아니라 d_k 의 제곱근으로 나눠야 합니다! (강의 예시에서는 √2)
    root_d_k = math.sqrt(d_k)

    # 새 텐서를 만들어서 돌려줍니다 (scores /= ... 처럼 입력을 바꾸지 않도록)
    scaled_table = scores / root_d_k
    return scaled_table
