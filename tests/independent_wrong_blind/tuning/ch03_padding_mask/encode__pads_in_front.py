# 실수: [PAD] 를 뒤쪽이 아니라 앞쪽에 채웁니다.
# mistake: puts the padding in front of the words instead of after them.
def encode(words, vocab, max_len, pad="[PAD]"):
    """낱말 리스트를 번호 리스트로 바꾸고, 뒤쪽을 vocab[pad] 로 채워 길이를 max_len 에 맞춥니다."""
    if len(words) > max_len:
        raise ValueError(f"낱말이 {len(words)}개라서 max_len={max_len} 에 들어가지 않습니다")
    for word in words:
        if word not in vocab:
            raise KeyError(f"모르는 낱말: {word}")
    padding = [vocab[pad]] * (max_len - len(words))
    return padding + [vocab[word] for word in words]
