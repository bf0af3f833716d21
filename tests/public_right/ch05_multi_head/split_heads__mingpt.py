# Adapted from minGPT, mingpt/model.py CausalSelfAttention.forward:
# k.view(B, T, self.n_head, C // self.n_head).transpose(1, 2), with the exercise's ValueError when h does not divide C.
# Source: https://github.com/karpathy/minGPT/blob/master/mingpt/model.py  Licence: MIT (Andrej Karpathy)
def split_heads(x, num_heads):
    B, T, C = x.size()
    if C % num_heads != 0:
        raise ValueError(f"d_model={C} 이 num_heads={num_heads} 로 나누어떨어지지 않습니다")
    return x.view(B, T, num_heads, C // num_heads).transpose(1, 2)
