# 실수: [PAD] 번호를 문장 앞에 붙였습니다. 패딩은 뒤쪽을 채웁니다.
# mistake: The [PAD] ids are put in front of the sentence; padding fills the end.
def encode(words, vocab, max_len, pad="[PAD]"):
    """낱말들(리스트나 튜플)을 번호 리스트로 바꾸고, 뒤쪽을 vocab[pad] 로 채워 길이를 max_len 에 맞춥니다."""
    if len(words) > max_len:
        raise ValueError(f"문장이 {len(words)} 낱말로 max_len={max_len} 을 넘습니다")
    missing = [w for w in words if w not in vocab]
    if missing:
        raise KeyError(f"어휘집에 없는 낱말 {missing[0]}")
    return [vocab[pad]] * (max_len - len(words)) + [vocab[w] for w in words]
