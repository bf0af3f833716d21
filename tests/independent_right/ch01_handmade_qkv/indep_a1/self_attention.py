def self_attention(Q, K, V):
    """위의 네 함수로 만든 셀프 어텐션: (output [..., S_q, d_v], weights [..., S_q, S_k])."""
    w = row_softmax(scale_scores(dot_scores(Q, K), Q.shape[-1]))
    return mix_values(w, V), w
