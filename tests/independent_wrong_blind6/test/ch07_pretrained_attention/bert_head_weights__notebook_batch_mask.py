# 실수: 마스크로 인자 attention_mask 대신 노트북의 전역 batch['attention_mask'] 를 씀
# mistake: masks with the notebook global batch['attention_mask'] instead of its attention_mask argument
import math  # √ 계산에

import torch  # 텐서

from helpers import data
from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


# (준비 셀에 이미 있는 변수: batch)
batch = data.minilm_batch(list(data.EXAMPLE_SENTENCES))


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    q = split_heads(hidden @ W_q.T + b_q, num_heads)
    k = split_heads(hidden @ W_k.T + b_k, num_heads)
    logits = q @ k.transpose(-1, -2) / math.sqrt(q.size(-1))
    pad = batch["attention_mask"][:, None, None, :] == 0
    logits = logits.masked_fill(pad, -1e9)
    return logits.softmax(dim=-1)
