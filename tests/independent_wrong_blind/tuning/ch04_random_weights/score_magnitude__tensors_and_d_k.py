# 실수: 두 가지가 함께 틀렸습니다. √d_k 가 아니라 d_k 로 나누고, .item() 없이 텐서를 돌려줍니다.
# mistake: two mistakes at once: divides by d_k instead of √d_k, and returns tensors instead of Python floats (no .item()).
def score_magnitude(Q, K):
    """(나누기 전 평균 |Q·Kᵀ|, √d_k 로 나눈 뒤 평균 |Q·Kᵀ/√d_k|) 를 파이썬 float 두 개로 돌려줍니다."""
    scores = Q @ K.transpose(-2, -1)
    return scores.abs().mean(), (scores / Q.shape[-1]).abs().mean()
