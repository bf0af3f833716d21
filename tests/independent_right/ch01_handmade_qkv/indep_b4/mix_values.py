def mix_values(weights, V):
    """Weighted mix of the value rows: weights @ V.

    weights: [..., S_q, S_k], V: [..., S_k, d_v]  ->  [..., S_q, d_v]
    """
    assert weights.shape[-1] == V.shape[-2], (
        f"비율표의 열 수({weights.shape[-1]})와 V 의 줄 수({V.shape[-2]})가 같아야 합니다."
    )
    return weights @ V
