# 실수: 어텐션 서브층에 gamma2/beta2 를, FFN 서브층에 gamma1/beta1 을 써서 두 LayerNorm 의 매개변수가 뒤바뀌었습니다.
# mistake: Uses gamma2/beta2 for the attention sublayer and gamma1/beta1 for the FFN sublayer (the two norms' parameters swapped).
def encoder_layer(x, params, mask=None, norm_first=False):
    """인코더 층 하나 [B, S, d_model] → [B, S, d_model]: 어텐션 서브층 → FFN 서브층."""
    p = params

    def attend(h):
        out, _ = multi_head_attention(h, h, h, p.W_q, p.W_k, p.W_v, p.W_o, p.num_heads, mask)
        return out

    def ffn(h):
        return feed_forward(h, p.W1, p.b1, p.W2, p.b2)

    if norm_first:
        x = x + attend(layer_norm(x, p.gamma2, p.beta2, p.eps))
        x = x + ffn(layer_norm(x, p.gamma1, p.beta1, p.eps))
    else:
        x = add_and_norm(x, attend(x), p.gamma2, p.beta2, p.eps)
        x = add_and_norm(x, ffn(x), p.gamma1, p.beta1, p.eps)
    return x
