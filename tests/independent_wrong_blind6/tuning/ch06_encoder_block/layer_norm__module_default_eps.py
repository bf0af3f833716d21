# 실수: nn.LayerNorm 모듈을 만들어 gamma, beta 는 복사하지만 eps 를 넘기지 않아 늘 1e-5 를 씀
# mistake: builds an nn.LayerNorm and copies gamma and beta into it but never passes eps, so it always uses 1e-5
import torch  # 텐서

from helpers import data


def layer_norm(x, gamma, beta, eps=1e-5):
    ln = torch.nn.LayerNorm(x.shape[-1], dtype=x.dtype)
    with torch.no_grad():
        ln.weight.copy_(gamma)
        ln.bias.copy_(beta)
        return ln(x)
