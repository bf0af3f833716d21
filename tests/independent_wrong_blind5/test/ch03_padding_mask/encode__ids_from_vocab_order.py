# 실수: 번호를 vocab[낱말] 이 아니라 list(vocab).index(낱말), 곧 어휘집에 적힌 차례로 읽음 (없는 낱말은 ValueError)
# mistake: reads each id as list(vocab).index(word), the word's place in the dictionary, not vocab[word] (an unknown word gives ValueError)
def encode(words, vocab, max_len, pad="[PAD]"):
    """낱말들(리스트나 튜플)을 번호 리스트로 바꾸고, 뒤쪽을 vocab[pad]로 채워 길이를 max_len에 맞춥니다."""
    if len(words) > max_len:
        raise ValueError(f"문장 길이 {len(words)}가 max_len={max_len}보다 큽니다")
    order = list(vocab)
    ids = [order.index(w) for w in words]
    return ids + [order.index(pad)] * (max_len - len(ids))
