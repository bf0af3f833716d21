# 실수: 나눈 뒤의 평균을 √d_k 가 아니라 d_k 로 나눈 점수로 잽니다.
# mistake: measures the second mean on scores divided by d_k instead of √d_k.
def score_magnitude(Q, K):
    """(나누기 전 평균 |Q·Kᵀ|, √d_k 로 나눈 뒤 평균 |Q·Kᵀ/√d_k|) 를 파이썬 float 두 개로 돌려줍니다."""
    scores = Q @ K.transpose(-2, -1)
    d_k = Q.shape[-1]
    return scores.abs().mean().item(), (scores / d_k).abs().mean().item()
