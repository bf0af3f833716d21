# 실수: 앞의 마이너스 부호를 빠뜨려 음수 엔트로피
# mistake: forgets the leading minus sign, giving negative entropies
import math

import torch

def row_entropy(weights):
    return torch.xlogy(weights, weights).sum(dim=-1)
