# 실수: 패딩 번호를 vocab[pad] 에서 읽지 않고 0 으로 정해 버렸습니다.
# mistake: Pads with a hard-coded 0 instead of vocab[pad].
def encode(words, vocab, max_len, pad="[PAD]"):
    """낱말 리스트를 번호 리스트로 바꾸고, 뒤쪽을 vocab[pad] 로 채워 길이를 max_len 에 맞춥니다."""
    if len(words) > max_len:
        raise ValueError(f"문장이 {len(words)}개 낱말로 max_len={max_len} 보다 깁니다")
    ids = []
    for word in words:
        if word not in vocab:
            raise KeyError(f"어휘집에 없는 낱말: {word}")
        ids.append(vocab[word])
    return ids + [0] * (max_len - len(ids))
