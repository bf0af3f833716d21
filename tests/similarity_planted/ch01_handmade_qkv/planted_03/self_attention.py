def self_attention(Q, K, V):
    """위의 네 함수로 만든 셀프 어텐션: (output [..., S_q, d_v], weights [..., S_q, S_k])."""
    # 네 걸음 순서대로
    s = dot_scores(Q, K)
    s_scaled = scale_scores(s, d_k=Q.shape[-1])
    w = row_softmax(s_scaled)
    return mix_values(w, V), w
