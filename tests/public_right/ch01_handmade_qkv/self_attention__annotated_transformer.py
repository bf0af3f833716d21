# Adapted from The Annotated Transformer's attention function: scores from
# query and key scaled by sqrt(d_k), softmax, then p_attn @ value, returned as (output, p_attn); each step is the
# exercise's own part, as its text requires.
# Source: https://nlp.seas.harvard.edu/annotated-transformer/ (github.com/harvardnlp/annotated-transformer)  Licence: MIT
def self_attention(Q, K, V):
    d_k = Q.size(-1)
    scores = scale_scores(dot_scores(Q, K), d_k)
    p_attn = row_softmax(scores)
    return mix_values(p_attn, V), p_attn
