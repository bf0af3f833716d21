# 실수: pre-norm 에서 두 서브층 뒤에 LayerNorm 을 한 번 더 씌웠습니다. nn.TransformerEncoderLayer(norm_first=True) 처럼 끝에는 정규화하지 않습니다.
# mistake: In pre-norm mode, applies one more LayerNorm after the two sublayers; the pre-norm layer ends without a norm.
def encoder_layer(x, params, mask=None, norm_first=False):
    """인코더 층 하나 [B, S, d_model] → [B, S, d_model]: 어텐션 서브층 → FFN 서브층."""
    p = params

    def attend(h):
        out, _ = multi_head_attention(h, h, h, p.W_q, p.W_k, p.W_v, p.W_o, p.num_heads, mask)
        return out

    def ffn(h):
        return feed_forward(h, p.W1, p.b1, p.W2, p.b2)

    if norm_first:
        x = x + attend(layer_norm(x, p.gamma1, p.beta1, p.eps))
        x = x + ffn(layer_norm(x, p.gamma2, p.beta2, p.eps))
        x = layer_norm(x, p.gamma2, p.beta2, p.eps)
    else:
        x = add_and_norm(x, attend(x), p.gamma1, p.beta1, p.eps)
        x = add_and_norm(x, ffn(x), p.gamma2, p.beta2, p.eps)
    return x
