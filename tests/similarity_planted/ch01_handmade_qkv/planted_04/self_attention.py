def self_attention(Q, K, V):
    """Q, K, V -> (output, weights)"""
    d_k = Q.shape[-1]
    scores = dot_scores(Q,K)
    scaled = scale_scores(scores,d_k)
    weights = row_softmax(scaled)
    output = mix_values(weights,V)
    return output, weights
