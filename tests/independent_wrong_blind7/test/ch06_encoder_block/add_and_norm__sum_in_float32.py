# 실수: x + sublayer_output 를 float32 로 바꾼 뒤 정규화하므로, 1e8 근처에 몰린 float64 줄은 편차를 잃습니다
# mistake: converts x + sublayer_output to float32 before normalising, so float64 rows clustered near 1e8 lose their deviations
import torch  # 텐서

from helpers import data


# (문제 1 에서 맞게 작성한 함수)
def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(dim=-1, keepdim=True)
    var = ((x - mean) ** 2).mean(dim=-1, keepdim=True)
    return gamma * (x - mean) / torch.sqrt(var + eps) + beta


def add_and_norm(x, sublayer_output, gamma, beta, eps=1e-5):
    residual = (x + sublayer_output).float()    # 가볍게 float32 로
    return layer_norm(residual, gamma, beta, eps)
