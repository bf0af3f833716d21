# 실수: V 를 전치해서 weights · Vᵀ 를 계산합니다. 섞이는 것은 V 의 줄들이라 전치하면 안 됩니다.
# mistake: multiplies by Vᵀ instead of V; the rows of V are what gets mixed, so V must not be transposed.
def mix_values(weights, V):
    """비율대로 섞은 내용 weights·V: [..., S_q, S_k] 와 [..., S_k, d_v] → [..., S_q, d_v]."""
    return weights @ V.transpose(-2, -1)
