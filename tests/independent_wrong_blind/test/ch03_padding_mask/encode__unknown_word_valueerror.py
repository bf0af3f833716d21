# 실수: 어휘집에 없는 낱말에 KeyError 가 아니라 ValueError 를 냅니다.
# mistake: raises ValueError instead of KeyError for a word that is not in the vocabulary.
def encode(words, vocab, max_len, pad="[PAD]"):
    """낱말 리스트를 번호 리스트로 바꾸고, 뒤쪽을 vocab[pad] 로 채워 길이를 max_len 에 맞춥니다."""
    if len(words) > max_len:
        raise ValueError(f"문장 길이 {len(words)} 가 max_len={max_len} 보다 깁니다")
    ids = []
    for word in words:
        if word not in vocab:
            raise ValueError(f"어휘집에 없는 낱말입니다: {word}")
        ids.append(vocab[word])
    return ids + [vocab[pad]] * (max_len - len(words))
