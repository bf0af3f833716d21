# 실수: [PAD] 를 문장 뒤가 아니라 앞에 채움 (왼쪽 패딩)
# mistake: puts the [PAD] ids in front of the sentence (left padding) instead of after it
def encode(words, vocab, max_len, pad="[PAD]"):
    """낱말 리스트를 번호 리스트로 바꾸고, 뒤쪽을 vocab[pad] 로 채워 길이를 max_len 에 맞춥니다."""
    if len(words) > max_len:
        raise ValueError(f"문장이 {len(words)} 낱말이라 max_len={max_len} 을 넘습니다")
    ids = []
    for w in words:
        if w not in vocab:
            raise KeyError(f"어휘집에 없는 낱말입니다: {w}")
        ids.append(vocab[w])
    filler = [vocab[pad]] * (max_len - len(ids))
    return filler + ids
