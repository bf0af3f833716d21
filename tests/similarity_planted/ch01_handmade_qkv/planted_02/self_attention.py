def self_attention(Q, K, V):
    """위의 네 함수로 만든 셀프 어텐션: (output [..., S_q, d_v], weights [..., S_q, S_k])."""
    # 네 걸음 차례대로~
    raw = dot_scores(Q, K)
    shrunk = scale_scores(raw, d_k=Q.shape[-1])
    ratio = row_softmax(shrunk)
    return mix_values(ratio, V), ratio
