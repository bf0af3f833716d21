# 실수: 잔차를 x += sublayer_output 으로 제자리에서 더해, 부른 쪽의 입력 x 가 바뀜
# mistake: adds the residual in place (x += sublayer_output), so the caller's input x is modified
import torch


# (문제 1 에서 맞게 작성한 함수)
def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(dim=-1, keepdim=True)
    var = ((x - mean) ** 2).mean(dim=-1, keepdim=True)
    return gamma * (x - mean) / torch.sqrt(var + eps) + beta


def add_and_norm(x, sublayer_output, gamma, beta, eps=1e-5):
    """layer_norm(x + sublayer_output): 잔차를 더한 뒤 정규화 (post-norm)."""
    x += sublayer_output  # 잔차 연결
    return layer_norm(x, gamma, beta, eps)
