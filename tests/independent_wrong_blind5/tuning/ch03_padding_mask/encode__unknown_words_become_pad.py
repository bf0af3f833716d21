# 실수: vocab.get 으로 모르는 낱말을 패딩 번호로 바꿔, KeyError 를 내지 않음
# mistake: maps unknown words to the padding id with vocab.get, so no KeyError is raised
def encode(words, vocab, max_len, pad="[PAD]"):
    """낱말들(리스트나 튜플)을 번호 리스트로 바꾸고, 뒤쪽을 vocab[pad]로 채워 길이를 max_len에 맞춥니다."""
    if len(words) > max_len:
        raise ValueError(f"문장의 길이 {len(words)}가 max_len={max_len}을 넘습니다")
    pad_id = vocab[pad]
    ids = [vocab.get(word, pad_id) for word in words]
    return ids + [pad_id] * (max_len - len(ids))
