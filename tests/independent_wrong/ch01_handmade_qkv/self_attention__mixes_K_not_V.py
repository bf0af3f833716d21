# 실수: V 가 아니라 K 를 섞었습니다. 강의 예시에서는 V = K 라 맞아 보이지만 섞는 것은 언제나 V 입니다.
# mistake: Mixes K instead of V (indistinguishable in the lecture example, where V = K).
def self_attention(Q, K, V):
    """위의 네 함수로 만든 셀프 어텐션: (output [..., S_q, d_v], weights [..., S_q, S_k])."""
    scores = dot_scores(Q, K)
    scaled = scale_scores(scores, Q.shape[-1])
    weights = row_softmax(scaled)
    output = mix_values(weights, K)
    return output, weights
