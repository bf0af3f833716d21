# 실수: 패딩 번호를 vocab['[PAD]'] 로 읽어 pad 인자가 쓰이지 않음 (다른 패딩 토큰이면 KeyError)
# mistake: reads the padding id as vocab['[PAD]'], so the pad argument is never used (a KeyError with another padding token)
def encode(words, vocab, max_len, pad="[PAD]"):
    """낱말들(리스트나 튜플)을 번호 리스트로 바꾸고, 뒤쪽을 vocab[pad]로 채워 길이를 max_len에 맞춥니다."""
    if len(words) > max_len:
        raise ValueError(f"문장이 {len(words)}개의 낱말로 max_len={max_len}보다 깁니다")
    ids = []
    for w in words:
        if w not in vocab:
            raise KeyError(f"'{w}'는 어휘집에 없습니다")
        ids.append(vocab[w])
    while len(ids) < max_len:
        ids.append(vocab["[PAD]"])
    return ids
