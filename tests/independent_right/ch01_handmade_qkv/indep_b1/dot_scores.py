import torch


def dot_scores(Q, K):
    """점수표 Q·Kᵀ: [..., S_q, d_k] 와 [..., S_k, d_k] → [..., S_q, S_k]."""
    # K 의 마지막 두 축만 바꿔서 전치한다 (배치 축이 있어도 되게)
    K_transposed = K.transpose(-2, -1)

    # 질문 쪽지와 전치한 제목표를 행렬곱
    scores = torch.matmul(Q, K_transposed)

    return scores
