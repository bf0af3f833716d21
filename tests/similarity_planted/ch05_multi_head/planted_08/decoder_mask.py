def decoder_mask(x, pad_id=0):
    # Key 쪽 [PAD] 가리기 [B, 1, 1, S]
    not_padding = (x != pad_id).view(x.size(0), 1, 1, -1)
    # 미래 가리기와 둘 다 True 인 칸만
    return not_padding & causal_mask(x.size(1))
