# 실수: (output, weights) 순서를 바꿔 (weights, output) 으로 돌려줍니다.
# mistake: Returns (weights, output) instead of (output, weights): right values, wrong order.
def self_attention(Q, K, V):
    """위의 네 함수로 만든 셀프 어텐션: (output [..., S_q, d_v], weights [..., S_q, S_k])."""
    scores = dot_scores(Q, K)
    scaled = scale_scores(scores, Q.shape[-1])
    weights = row_softmax(scaled)
    output = mix_values(weights, V)
    return weights, output
