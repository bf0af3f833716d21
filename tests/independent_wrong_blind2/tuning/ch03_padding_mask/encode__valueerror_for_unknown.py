# 실수: 어휘집에 없는 낱말에 ValueError 를 냅니다. 문제는 그 낱말을 담은 KeyError 를 요구합니다.
# mistake: An unknown word raises ValueError; the exercise asks for a KeyError naming the word.
def encode(words, vocab, max_len, pad="[PAD]"):
    """낱말들(리스트나 튜플)을 번호 리스트로 바꾸고, 뒤쪽을 vocab[pad] 로 채워 길이를 max_len 에 맞춥니다."""
    if len(words) > max_len:
        raise ValueError(f"낱말이 {len(words)}개라 max_len {max_len} 을 넘습니다")
    for word in words:
        if word not in vocab:
            raise ValueError(f"어휘집에 없는 낱말입니다: {word}")
    ids = [vocab[word] for word in words]
    ids += [vocab[pad]] * (max_len - len(words))
    return ids
