# 실수: vocab.get(word, vocab[pad]) 로 모르는 낱말을 패딩 번호로 바꿔 넘어가서 KeyError 를 내지 않습니다.
# mistake: maps an unknown word to the padding id with vocab.get(word, vocab[pad]) instead of raising KeyError.
def encode(words, vocab, max_len, pad="[PAD]"):
    """낱말 리스트를 번호 리스트로 바꾸고, 뒤쪽을 vocab[pad] 로 채워 길이를 max_len 에 맞춥니다."""
    if len(words) > max_len:
        raise ValueError(f"낱말 {len(words)}개: max_len={max_len} 을 넘습니다")
    pad_id = vocab[pad]
    ids = [vocab.get(word, pad_id) for word in words]
    return ids + [pad_id] * (max_len - len(ids))
