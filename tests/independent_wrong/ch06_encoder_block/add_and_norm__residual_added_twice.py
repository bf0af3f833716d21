# 실수: 잔차를 더해 정규화한 뒤 x 를 한 번 더 더했습니다 (잔차를 두 번).
# mistake: Adds the residual twice: normalises x + sublayer_output, then adds x again.
def add_and_norm(x, sublayer_output, gamma, beta, eps=1e-5):
    """layer_norm(x + sublayer_output): 잔차를 더한 뒤 정규화 (post-norm)."""
    return layer_norm(x + sublayer_output, gamma, beta, eps) + x
