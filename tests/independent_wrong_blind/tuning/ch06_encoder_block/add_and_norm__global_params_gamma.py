# 실수: 인자 gamma, beta 대신 준비 셀의 전역 변수 params.gamma1, params.beta1 로 정규화합니다.
# mistake: normalises with the setup cell's global params.gamma1 and params.beta1 instead of the gamma and beta arguments.
import torch

from helpers import data

params = data.encoder_layer_params()  # (준비 셀에 이미 있는 변수: 이 파일만 따로 돌릴 수 있게 다시 만듭니다)


# (문제 1 에서 맞게 작성한 함수)
def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(dim=-1, keepdim=True)
    var = ((x - mean) ** 2).mean(dim=-1, keepdim=True)
    return gamma * (x - mean) / torch.sqrt(var + eps) + beta


def add_and_norm(x, sublayer_output, gamma, beta, eps=1e-5):
    """layer_norm(x + sublayer_output): 잔차를 더한 뒤 정규화 (post-norm)."""
    return layer_norm(x + sublayer_output, params.gamma1, params.beta1, eps)
