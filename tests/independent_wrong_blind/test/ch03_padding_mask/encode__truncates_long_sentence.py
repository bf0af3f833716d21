# 실수: max_len 보다 긴 문장을 ValueError 로 알리지 않고 조용히 잘라 냅니다.
# mistake: silently truncates a sentence longer than max_len instead of raising ValueError.
def encode(words, vocab, max_len, pad="[PAD]"):
    """낱말 리스트를 번호 리스트로 바꾸고, 뒤쪽을 vocab[pad] 로 채워 길이를 max_len 에 맞춥니다."""
    words = list(words)[:max_len]
    for word in words:
        if word not in vocab:
            raise KeyError(f"'{word}' 는 어휘집에 없습니다")
    ids = [vocab[word] for word in words]
    while len(ids) < max_len:
        ids.append(vocab[pad])
    return ids
