# 실수: 잔차로 인자 x 대신 노트북의 전역 X 를 더함
# mistake: adds the notebook global X as the residual instead of its argument x
import torch  # 텐서

from helpers import data


# (준비 셀에 이미 있는 변수: X)
X = data.embedded_batch()


# (문제 1 에서 맞게 작성한 함수)
def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(dim=-1, keepdim=True)
    var = ((x - mean) ** 2).mean(dim=-1, keepdim=True)
    return gamma * (x - mean) / torch.sqrt(var + eps) + beta


def add_and_norm(x, sublayer_output, gamma, beta, eps=1e-5):
    return layer_norm(X + sublayer_output, gamma, beta, eps)
