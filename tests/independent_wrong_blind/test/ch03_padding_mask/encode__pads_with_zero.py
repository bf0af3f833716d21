# 실수: 빈자리를 vocab[pad] 가 아니라 숫자 0 으로 채웁니다. 패딩 번호가 0 이 아닌 어휘집이나 다른 pad 토큰에서는 틀립니다 (인자 pad 가 결과에 쓰이지 않음).
# mistake: pads with the literal 0 instead of vocab[pad]; wrong for a vocabulary whose padding id is not 0 (the pad argument never reaches the result).
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
