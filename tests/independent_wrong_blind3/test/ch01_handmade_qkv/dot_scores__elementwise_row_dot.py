# 실수: 같은 줄끼리만 곱해 더해서 [S] 가 나옴 (모든 쌍이 아님)
# mistake: multiplies Q and K element-wise and sums, giving one score per row instead of every pair
import torch

def dot_scores(Q, K):
    return (Q * K).sum(dim=-1)
