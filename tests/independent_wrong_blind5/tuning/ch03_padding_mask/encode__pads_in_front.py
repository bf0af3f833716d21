# 실수: 패딩을 뒤쪽이 아니라 앞쪽에 채움
# mistake: puts the padding in front instead of at the end
def encode(words, vocab, max_len, pad="[PAD]"):
    """낱말들(리스트나 튜플)을 번호 리스트로 바꾸고, 뒤쪽을 vocab[pad]로 채워 길이를 max_len에 맞춥니다."""
    if len(words) > max_len:
        raise ValueError(f"문장의 낱말이 {len(words)}개로 max_len={max_len}보다 많습니다")
    ids = []
    for word in words:
        if word not in vocab:
            raise KeyError(f"어휘집에 없는 낱말입니다: {word}")
        ids.append(vocab[word])
    return [vocab[pad]] * (max_len - len(ids)) + ids
