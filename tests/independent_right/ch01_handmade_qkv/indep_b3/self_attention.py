def self_attention(Q, K, V):
    """위의 네 함수로 만든 셀프 어텐션: (output [..., S_q, d_v], weights [..., S_q, S_k])."""
    # Q: (..., S_q, d_k)  K: (..., S_k, d_k)  V: (..., S_k, d_v)
    *batch, S_q, d_k = Q.shape
    A = dot_scores(Q, K)             # (..., S_q, S_k)
    A = scale_scores(A, d_k)         # (..., S_q, S_k)
    P = row_softmax(A)               # (..., S_q, S_k), rows sum to 1
    out = mix_values(P, V)           # (..., S_q, d_v)
    return out, P
