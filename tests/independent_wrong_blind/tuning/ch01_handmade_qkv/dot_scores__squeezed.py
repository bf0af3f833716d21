# 실수: 점수표에 .squeeze() 를 붙여서 길이가 1 인 축(문장 하나짜리 배치, Query 하나)이 없어집니다.
# mistake: squeezes the score table, so any axis of length 1 (a batch of one sentence, a single query) is dropped.
import torch


def dot_scores(Q, K):
    """점수표 Q·Kᵀ: [..., S_q, d_k] 와 [..., S_k, d_k] → [..., S_q, S_k]."""
    scores = torch.matmul(Q, K.transpose(-2, -1))
    return scores.squeeze()
