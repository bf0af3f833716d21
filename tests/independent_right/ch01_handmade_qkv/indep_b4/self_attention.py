def self_attention(Q, K, V):
    """Self-attention from the four steps above; returns (output, weights)."""
    assert K.shape[-2] == V.shape[-2], "K 와 V 의 낱말 수가 같아야 합니다."

    dim_k = Q.shape[-1]  # number of coordinates, not number of words

    raw = dot_scores(Q, K)
    scaled = scale_scores(raw, dim_k)
    weights = row_softmax(scaled)
    output = mix_values(weights, V)

    assert output.shape[-2] == Q.shape[-2]
    return output, weights
