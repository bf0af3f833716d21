# 실수: 2단계(√d_k 로 나누기)를 빠뜨리고 점수표에 바로 softmax 를 했습니다.
# mistake: Leaves out step 2 (scale_scores): the softmax is taken of the unscaled scores.
def self_attention(Q, K, V):
    """위의 네 함수로 만든 셀프 어텐션: (output [..., S_q, d_v], weights [..., S_q, S_k])."""
    scores = dot_scores(Q, K)
    weights = row_softmax(scores)
    output = mix_values(weights, V)
    return output, weights
