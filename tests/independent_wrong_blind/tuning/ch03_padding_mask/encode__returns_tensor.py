# 실수: 파이썬 리스트가 아니라 torch 텐서로 돌려줍니다.
# mistake: returns a torch tensor instead of a Python list.
import torch


def encode(words, vocab, max_len, pad="[PAD]"):
    """낱말 리스트를 번호 리스트로 바꾸고, 뒤쪽을 vocab[pad] 로 채워 길이를 max_len 에 맞춥니다."""
    if len(words) > max_len:
        raise ValueError(f"문장이 너무 깁니다: 낱말 {len(words)}개, max_len={max_len}")
    missing = [word for word in words if word not in vocab]
    if missing:
        raise KeyError(f"어휘집에 없는 낱말: {missing[0]}")
    ids = [vocab[word] for word in words] + [vocab[pad]] * (max_len - len(words))
    return torch.tensor(ids)
