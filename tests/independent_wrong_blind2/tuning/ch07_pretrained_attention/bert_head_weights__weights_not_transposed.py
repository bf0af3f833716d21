# 실수: 모델 파일의 가중치는 [d_out, d_in] 이라 hidden @ W.T + b 로 곱해야 하는데, 전치하지 않고 hidden @ W 로 곱했습니다.
# mistake: The model's weights are stored [d_out, d_in] and need hidden @ W.T + b, but they are used untransposed as hidden @ W.
import math

import torch

from helpers.reference import layer_norm, split_heads  # 건네받은 셀과 같은 가져오기


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    """hidden [B, S, d], W [d, d] (nn.Linear 꼴), b [d], attention_mask [B, S] → 비율표 [B, h, S, S]."""
    Q = split_heads(hidden @ W_q + b_q, num_heads)
    K = split_heads(hidden @ W_k + b_k, num_heads)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.shape[-1])
    if attention_mask is not None:
        pad_keys = attention_mask[:, None, None, :] == 0
        scores = scores.masked_fill(pad_keys, -1e9)
    return torch.softmax(scores, dim=-1)
