# 실수: generator.device 를 읽어 generator=None (기본값) 에서 AttributeError
# mistake: reads generator.device, so the default generator=None raises AttributeError
import math

import torch  # 텐서


def scaled_init(d_in, d_out, generator=None):
    """평균 0, 표준편차 1/√d_in 인 가중치 [d_in, d_out]. 난수는 받은 generator 로 뽑습니다."""
    W = torch.randn(d_in, d_out, generator=generator, device=generator.device)
    return W / math.sqrt(d_in)
