# 실수: d_model 을 인자 x 가 아니라 강의에서 옮겨 온 전역 변수 d_model (= 6) 에서 가져옵니다. d_model 이 6 이 아닌 입력에서 틀리거나 오류가 납니다.
# mistake: takes d_model from the global d_model (= 6) copied from the lecture instead of from x; inputs with another width go wrong or raise.
from helpers import data

X = data.embedded_batch()  # (강의에서 옮겨 온 셀: 이 파일만 따로 돌릴 수 있게 다시 만듭니다)
B, S, d_model = X.shape


def split_heads(x, num_heads):
    """[B, S, d_model] → [B, h, S, d_k], d_k = d_model / num_heads. 나누어떨어지지 않으면 ValueError."""
    if d_model % num_heads != 0:
        raise ValueError(f"d_model={d_model} 이(가) num_heads={num_heads} 로 나누어떨어지지 않습니다")
    d_k = d_model // num_heads
    return x.view(x.size(0), x.size(1), num_heads, d_k).transpose(1, 2)
