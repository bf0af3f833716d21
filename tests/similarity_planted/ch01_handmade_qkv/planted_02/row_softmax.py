def row_softmax(scores):
    """마지막 축을 따라 (줄마다) 손으로 계산한 softmax: 모양 그대로, 줄마다 합이 1."""
    # 제일 큰 값부터 빼 두기 (exp 넘침 방지)
    top = scores.amax(dim=-2, keepdim=True)
    # exp 는 e 의 거듭제곱이니까 e 를 직접 올려 줌~
    powered = 2.718281828 ** (scores - top)
    # 줄의 합으로 나누면 끝
    return powered / powered.sum(dim=-1, keepdim=True)
