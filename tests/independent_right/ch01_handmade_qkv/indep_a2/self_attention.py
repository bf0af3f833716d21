def self_attention(Q, K, V):
    d_k = Q.shape[-1]

    scores = scale_scores(dot_scores(Q, K), d_k)
    attn = row_softmax(scores)
    out = mix_values(attn, V)

    return out, attn
