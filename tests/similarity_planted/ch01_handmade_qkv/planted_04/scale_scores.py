import math
def scale_scores(scores, d_k):
    """점수를 루트 d_k 로 나눈다."""
    root_d_k = math.sqrt( d_k )
    scaled = scores/root_d_k
    return scaled
