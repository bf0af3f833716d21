# 실수: 인자 vocab 대신 준비 셀이 불러온 data.VOCAB 를 써서, 다른 어휘집을 받으면 번호가 틀립니다.
# mistake: data.VOCAB from the setup cell is used instead of the vocab argument, so any other vocabulary gives wrong ids.
from helpers import data  # (준비 셀에 이미 있는 변수: data)


def encode(words, vocab, max_len, pad="[PAD]"):
    """낱말들(리스트나 튜플)을 번호 리스트로 바꾸고, 뒤쪽을 vocab[pad] 로 채워 길이를 max_len 에 맞춥니다."""
    if len(words) > max_len:
        raise ValueError(f"문장 길이 {len(words)} 가 max_len {max_len} 보다 큽니다")
    ids = []
    for word in words:
        if word not in data.VOCAB:
            raise KeyError(f"어휘집에 '{word}' 가 없습니다")
        ids.append(data.VOCAB[word])
    return ids + [data.VOCAB[pad]] * (max_len - len(ids))
