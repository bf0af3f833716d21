import torch


def decoder_mask(x, pad_id=0):
    # (1) Key 가 [PAD] 가 아닌 칸 [B, 1, 1, S]   (2) 미래 가리기 [S, S]   (3) 둘 다 참인 칸
    key_visible = torch.ne(x, pad_id).view(x.shape[0], 1, 1, x.shape[1])
    return torch.bitwise_and(key_visible, causal_mask(x.shape[1]))
