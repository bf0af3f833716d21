# 실수: FFN 서브층이 어텐션 서브층의 결과가 아니라 층의 처음 입력 x 를 받습니다 (post-norm 과 pre-norm 모두).
# mistake: The FFN sublayer is fed the layer's original input instead of the attention sublayer's result.
def encoder_layer(x, params, mask=None, norm_first=False):
    """인코더 층 하나 [B, S, d_model] → [B, S, d_model]: 어텐션 서브층 → FFN 서브층."""
    p = params

    def attend(h):
        out, _ = multi_head_attention(h, h, h, p.W_q, p.W_k, p.W_v, p.W_o, p.num_heads, mask)
        return out

    def ffn(h):
        return feed_forward(h, p.W1, p.b1, p.W2, p.b2)

    if norm_first:
        h = x + attend(layer_norm(x, p.gamma1, p.beta1, p.eps))
        x = h + ffn(layer_norm(x, p.gamma2, p.beta2, p.eps))
    else:
        h = add_and_norm(x, attend(x), p.gamma1, p.beta1, p.eps)
        x = add_and_norm(h, ffn(x), p.gamma2, p.beta2, p.eps)
    return x
