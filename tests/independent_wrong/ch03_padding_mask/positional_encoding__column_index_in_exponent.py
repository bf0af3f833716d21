# 실수: 분모의 지수에 2i 대신 열 번호 j 를 그대로 써서, 홀수 열이 짝수 열과 같은 분모를 쓰지 않습니다.
# mistake: Uses the column index j in the exponent (10000^(j/d_model)) for every column, so column 2i+1 does not share column 2i's denominator.
import torch


def positional_encoding(max_len, d_model):
    """사인·코사인 위치 인코딩 [max_len, d_model]: 짝수 열은 sin, 홀수 열은 cos."""
    table = torch.zeros((max_len, d_model))
    for pos in range(max_len):
        for j in range(d_model):
            angle = pos / (10000 ** (j / d_model))
            if j % 2 == 0:
                table[pos, j] = torch.sin(torch.tensor(angle))
            else:
                table[pos, j] = torch.cos(torch.tensor(angle))
    return table
