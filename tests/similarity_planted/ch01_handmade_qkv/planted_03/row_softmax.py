def row_softmax(scores):
    """마지막 축을 따라 (줄마다) 손으로 계산한 softmax: 모양 그대로, 줄마다 합이 1."""
    # 가장 큰 값 먼저 빼기 (exp 넘침 방지)
    peak = scores.amax(dim=-2, keepdim=True)
    # exp 는 e 의 거듭제곱이라 e 를 직접 올림
    ex = 2.718281828 ** (scores - peak)
    # 줄의 합으로 나누기
    return ex / ex.sum(dim=-1, keepdim=True)
