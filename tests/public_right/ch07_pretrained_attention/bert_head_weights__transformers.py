# Adapted from Hugging Face transformers, models/bert/modeling_bert.py BertSelfAttention.forward (query/key
# projections, heads split as transpose_for_scores, scores / sqrt(attention_head_size), the extended mask
# (1.0 - mask) * torch.finfo(dtype).min of get_extended_attention_mask, softmax), with the mask first made a float
# so a bool mask works too, and the exercise's weights given as [d_out, d_in] tensors.
# Source: https://github.com/huggingface/transformers/blob/main/src/transformers/models/bert/modeling_bert.py
# Licence: Apache-2.0
import math

import torch


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    query_layer = split_heads(hidden @ W_q.T + b_q, num_heads)
    key_layer = split_heads(hidden @ W_k.T + b_k, num_heads)
    attention_head_size = query_layer.size(-1)
    attention_scores = torch.matmul(query_layer, key_layer.transpose(-1, -2))
    attention_scores = attention_scores / math.sqrt(attention_head_size)
    if attention_mask is not None:
        extended = attention_mask[:, None, None, :].to(attention_scores.dtype)
        attention_scores = attention_scores + (1.0 - extended) * torch.finfo(attention_scores.dtype).min
    return torch.softmax(attention_scores, dim=-1)
