# 실수: K.transpose(0, 1) 로 앞의 두 축을 바꿔 배치 축이 붙으면 틀림
# mistake: transposes axes 0 and 1 of K, which is only right for 2-D inputs
import torch

def dot_scores(Q, K):
    return torch.matmul(Q, K.transpose(0, 1))
