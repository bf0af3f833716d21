# 실수: max_len 보다 긴 문장에서 ValueError 를 내지 않고 조용히 잘라 냈습니다.
# mistake: Silently truncates a sentence longer than max_len instead of raising ValueError.
def encode(words, vocab, max_len, pad="[PAD]"):
    """낱말 리스트를 번호 리스트로 바꾸고, 뒤쪽을 vocab[pad] 로 채워 길이를 max_len 에 맞춥니다."""
    ids = []
    for word in words[:max_len]:
        if word not in vocab:
            raise KeyError(f"어휘집에 없는 낱말: {word}")
        ids.append(vocab[word])
    return ids + [vocab[pad]] * (max_len - len(ids))
