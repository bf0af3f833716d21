import torch
def dot_scores(Q, K):
    K_transposed = K.transpose(-2,-1)  # 배치 축은 두고 끝의 두 축만
    scores = torch.matmul(Q,K_transposed)
    return scores
