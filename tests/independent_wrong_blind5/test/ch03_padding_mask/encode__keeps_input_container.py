# 실수: 받은 words 의 종류를 그대로 살려 type(words)(…) 로 돌려줘, 튜플 문장에는 튜플이 나옴
# mistake: returns type(words)(...), keeping the input's container, so a tuple sentence gives a tuple
def encode(words, vocab, max_len, pad="[PAD]"):
    """낱말들(리스트나 튜플)을 번호 리스트로 바꾸고, 뒤쪽을 vocab[pad]로 채워 길이를 max_len에 맞춥니다."""
    if len(words) > max_len:
        raise ValueError(f"낱말이 {len(words)}개라 max_len={max_len}보다 깁니다")
    missing = [w for w in words if w not in vocab]
    if missing:
        raise KeyError(f"어휘집에 없는 낱말: {missing[0]}")
    ids = [vocab[w] for w in words] + [vocab[pad]] * (max_len - len(words))
    return type(words)(ids)
