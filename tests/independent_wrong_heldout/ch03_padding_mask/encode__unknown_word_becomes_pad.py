# 실수: 어휘집에 없는 낱말을 KeyError 없이 조용히 [PAD] 번호로 바꿈 (vocab.get 의 기본값)
# mistake: silently maps a word missing from the vocabulary to the [PAD] id (vocab.get default) instead of raising KeyError
def encode(words, vocab, max_len, pad="[PAD]"):
    """낱말 리스트를 번호 리스트로 바꾸고, 뒤쪽을 vocab[pad] 로 채워 길이를 max_len 에 맞춥니다."""
    if len(words) > max_len:
        raise ValueError(f"낱말 수 {len(words)} 가 max_len {max_len} 보다 많습니다")
    pad_id = vocab[pad]
    ids = [vocab.get(w, pad_id) for w in words]
    while len(ids) < max_len:
        ids.append(pad_id)
    return ids
