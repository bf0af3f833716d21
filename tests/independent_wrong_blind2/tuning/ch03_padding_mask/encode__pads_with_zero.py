# 실수: 패딩 번호를 0 으로 가정했습니다. 뒤를 채우는 번호는 vocab[pad] 에서 읽어야 합니다.
# mistake: The padding id is assumed to be 0; it has to be read from vocab[pad].
def encode(words, vocab, max_len, pad="[PAD]"):
    """낱말들(리스트나 튜플)을 번호 리스트로 바꾸고, 뒤쪽을 vocab[pad] 로 채워 길이를 max_len 에 맞춥니다."""
    if len(words) > max_len:
        raise ValueError(f"문장의 낱말 수 {len(words)} 가 max_len={max_len} 보다 깁니다")
    ids = []
    for word in words:
        if word not in vocab:
            raise KeyError(f"어휘집에 없는 낱말: {word}")
        ids.append(vocab[word])
    return ids + [0] * (max_len - len(ids))
