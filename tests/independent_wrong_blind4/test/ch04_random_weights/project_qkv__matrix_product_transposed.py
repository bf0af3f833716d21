# 실수: torch.mm (2차원만) 에 W.t() 까지 써서 배치 축에서 오류, 2차원에서도 값이 틀림
# mistake: uses torch.mm (2-D only) with W.t(), so a batch axis raises and 2-D values are wrong too
import math

import torch  # 텐서


def project_qkv(X, Wq, Wk, Wv):
    """(Q, K, V) = (X @ Wq, X @ Wk, X @ Wv): [..., S, d_in] 와 [d_in, d_out] → 각각 [..., S, d_out]."""
    Q = torch.mm(X, Wq.t())
    K = torch.mm(X, Wk.t())
    V = torch.mm(X, Wv.t())
    return Q, K, V
