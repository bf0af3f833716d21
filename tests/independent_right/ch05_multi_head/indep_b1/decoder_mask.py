def decoder_mask(x, pad_id=0):
    """bool [B, 1, S, S]: 패딩 마스크 [B, 1, 1, S] & 미래 가리기 [S, S]."""
    # 문장 길이 (자리 수)
    S = x.shape[1]

    # 패딩 마스크: [PAD] 가 아닌 자리가 True  -> [B, S]
    pad_mask = x != pad_id

    # 머리 축, Query 축을 끼워 넣는다 -> [B, 1, 1, S]
    pad_mask = pad_mask.unsqueeze(1)
    pad_mask = pad_mask.unsqueeze(2)

    # 미래 가리기 [S, S]
    future_mask = causal_mask(S)

    # 둘 다 True 인 칸만 볼 수 있음 (브로드캐스팅으로 [B, 1, S, S])
    mask = pad_mask & future_mask

    return mask
