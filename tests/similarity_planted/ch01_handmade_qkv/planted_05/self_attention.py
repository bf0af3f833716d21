def self_attention(Q, K, V):
    # Q: (..., S_q, d_k)  K: (..., S_k, d_k)  V: (..., S_k, d_v)
    *lead, n_q, dk = Q.shape
    S = dot_scores(Q, K)             # (..., S_q, S_k)
    S = scale_scores(S, dk)          # (..., S_q, S_k)
    W = row_softmax(S)               # (..., S_q, S_k), rows sum to 1
    result = mix_values(W, V)        # (..., S_q, d_v)
    return result, W
