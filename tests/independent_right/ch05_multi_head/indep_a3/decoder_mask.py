def decoder_mask(x, pad_id=0):
    """bool [B, 1, S, S]: 패딩 마스크 [B, 1, 1, S] & 미래 가리기 [S, S]."""
    seq_len = x.shape[1]

    # 패딩 마스크: [PAD] 가 아닌 자리가 True → [B, S]
    is_real_token = x != pad_id
    # 둘째 축(모든 머리), 셋째 축(모든 Query)을 끼워 넣어서 [B, 1, 1, S] 로 만듭니다.
    # 이렇게 해야 [PAD] 가 Key(열) 쪽에서 가려집니다.
    padding_part = is_real_token.unsqueeze(1).unsqueeze(2)

    # 미래 가리기: [S, S]
    future_part = causal_mask(seq_len)

    # 둘 다 True 인 칸만 볼 수 있습니다. [B, 1, 1, S] & [S, S] → [B, 1, S, S] (브로드캐스팅)
    combined = padding_part & future_part
    return combined
