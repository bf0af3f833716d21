import torch


def dot_scores(Q, K):
    """점수표 Q·Kᵀ: [..., S_q, d_k] 와 [..., S_k, d_k] → [..., S_q, S_k]."""
    # 제목표 K 는 [..., S_k, d_k] 모양이라서 그대로 곱하면 모양이 안 맞습니다.
    # 마지막 두 축(낱말 축, 좌표 축)만 뒤집어서 [..., d_k, S_k] 로 만들어 줍니다.
    # (K.T 를 쓰면 배치 축까지 뒤집혀 버리므로 transpose(-2, -1) 을 씁니다)
    K_transposed = K.transpose(-2, -1)

    # 질문 쪽지 하나하나와 제목표 하나하나를 내적한 값이 점수표의 칸이 됩니다.
    # [..., S_q, d_k] @ [..., d_k, S_k] → [..., S_q, S_k]
    score_table = torch.matmul(Q, K_transposed)
    return score_table
