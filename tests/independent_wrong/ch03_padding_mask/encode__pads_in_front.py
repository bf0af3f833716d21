# 실수: [PAD] 를 문장 뒤가 아니라 앞쪽에 채웠습니다.
# mistake: Puts the padding in front of the sentence instead of after it.
def encode(words, vocab, max_len, pad="[PAD]"):
    """낱말 리스트를 번호 리스트로 바꾸고, 뒤쪽을 vocab[pad] 로 채워 길이를 max_len 에 맞춥니다."""
    if len(words) > max_len:
        raise ValueError(f"문장이 {len(words)}개 낱말로 max_len={max_len} 보다 깁니다")
    for word in words:
        if word not in vocab:
            raise KeyError(f"어휘집에 없는 낱말: {word}")
    return [vocab[pad]] * (max_len - len(words)) + [vocab[w] for w in words]
