# 실수: 잔차 x 를 더하는 단계를 빠뜨려 layer_norm(sublayer_output) 만 돌려줍니다.
# mistake: Leaves out the residual: returns layer_norm(sublayer_output) only.
def add_and_norm(x, sublayer_output, gamma, beta, eps=1e-5):
    """layer_norm(x + sublayer_output): 잔차를 더한 뒤 정규화 (post-norm)."""
    return layer_norm(sublayer_output, gamma, beta, eps)
