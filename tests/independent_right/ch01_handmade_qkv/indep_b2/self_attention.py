def self_attention(Q, K, V):
    w = row_softmax(scale_scores(dot_scores(Q, K), Q.size(-1)))
    return mix_values(w, V), w
