def self_attention(Q, K, V):
    """위의 네 함수로 만든 셀프 어텐션: (output [..., S_q, d_v], weights [..., S_q, S_k])."""
    # 좌표 수 d_k 는 Q 의 마지막 축 길이입니다 (낱말 수가 아니라!)
    d_k = Q.shape[-1]

    # ① 점수표
    score_table = dot_scores(Q, K)
    # ② √d_k 로 나누기
    scaled_table = scale_scores(score_table, d_k)
    # ③ 줄마다 softmax → 비율표
    weight_table = row_softmax(scaled_table)
    # ④ 비율대로 V 를 섞기 (K 가 아니라 V 입니다)
    output = mix_values(weight_table, V)

    # 순서: (섞은 결과, 비율표)
    return output, weight_table
