# 실수: 지수에 열 번호 j 를 그대로 써서 2·j/d_model 로 계산합니다. 열 2i 와 2i+1 은 같은 지수 2i/d_model 을 나눠 써야 합니다.
# mistake: uses 2·j/d_model with the column index j itself, so columns 2i and 2i+1 no longer share the exponent 2i/d_model.
import torch


def positional_encoding(max_len, d_model):
    """사인·코사인 위치 인코딩 [max_len, d_model]: 짝수 열은 sin, 홀수 열은 cos."""
    out = torch.empty(max_len, d_model)
    for pos in range(max_len):
        for j in range(d_model):
            angle = pos / (10000 ** (2 * j / d_model))
            if j % 2 == 0:
                out[pos, j] = torch.sin(torch.tensor(angle))
            else:
                out[pos, j] = torch.cos(torch.tensor(angle))
    return out
