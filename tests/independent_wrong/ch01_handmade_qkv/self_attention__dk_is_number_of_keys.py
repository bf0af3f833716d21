# 실수: d_k 자리에 좌표 수가 아니라 Key 낱말 수 K.shape[-2] 를 넣었습니다.
# mistake: Passes the number of keys K.shape[-2] as d_k instead of the number of coordinates Q.shape[-1].
def self_attention(Q, K, V):
    """위의 네 함수로 만든 셀프 어텐션: (output [..., S_q, d_v], weights [..., S_q, S_k])."""
    scores = dot_scores(Q, K)
    scaled = scale_scores(scores, K.shape[-2])
    weights = row_softmax(scaled)
    output = mix_values(weights, V)
    return output, weights
