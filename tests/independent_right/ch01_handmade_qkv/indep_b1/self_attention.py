def self_attention(Q, K, V):
    """위의 네 함수로 만든 셀프 어텐션: (output [..., S_q, d_v], weights [..., S_q, S_k])."""
    # 좌표 수 d_k (낱말 수가 아니라 마지막 축의 크기)
    d_k = Q.shape[-1]

    # 1단계: 점수표
    scores = dot_scores(Q, K)

    # 2단계: √d_k 로 나누기
    scaled = scale_scores(scores, d_k)

    # 3단계: 줄마다 softmax 해서 비율표
    weights = row_softmax(scaled)

    # 4단계: 비율대로 V 섞기 (K 가 아니라 V!)
    output = mix_values(weights, V)

    # 순서 주의: (output, weights)
    return output, weights
