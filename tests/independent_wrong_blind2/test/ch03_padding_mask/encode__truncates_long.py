# 실수: max_len 보다 긴 문장을 잘라 내고 넘어갑니다. 이때는 문장의 길이를 담은 ValueError 를 내야 합니다.
# mistake: A sentence longer than max_len is silently cut; it must raise a ValueError that names the sentence length.
def encode(words, vocab, max_len, pad="[PAD]"):
    """낱말들(리스트나 튜플)을 번호 리스트로 바꾸고, 뒤쪽을 vocab[pad] 로 채워 길이를 max_len 에 맞춥니다."""
    ids = []
    for word in words:
        if word not in vocab:
            raise KeyError(f"'{word}' 는 어휘집에 없습니다")
        ids.append(vocab[word])
    ids = ids[:max_len]
    return ids + [vocab[pad]] * (max_len - len(ids))
