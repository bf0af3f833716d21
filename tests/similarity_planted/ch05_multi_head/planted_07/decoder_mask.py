def decoder_mask(x, pad_id=0):
    # 열(Key) 쪽 [PAD] 를 가리는 표 [B, 1, 1, S]
    keys_ok = (x != pad_id).view(x.size(0), 1, 1, -1)
    # 미래 가리기랑 둘 다 True 인 칸만 남겨요
    return keys_ok & causal_mask(x.size(1))
