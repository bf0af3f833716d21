# 실수: 더한 뒤 정규화하지 않고, 서브층 출력만 정규화한 뒤 잔차를 더했습니다: x + layer_norm(sublayer_output).
# mistake: Normalises only the sublayer output and then adds the residual (x + layer_norm(sublayer_output)) instead of normalising the sum.
def add_and_norm(x, sublayer_output, gamma, beta, eps=1e-5):
    """layer_norm(x + sublayer_output): 잔차를 더한 뒤 정규화 (post-norm)."""
    return x + layer_norm(sublayer_output, gamma, beta, eps)
