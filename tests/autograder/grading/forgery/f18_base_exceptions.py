"""On the hidden inputs each function raises what `except Exception` does not catch: KeyboardInterrupt,
SystemExit, GeneratorExit, a BaseException named like the checks' own time-out, and one whose message
cannot be read."""


class StudentTimeout(BaseException):
    pass


class _Unreadable(BaseException):
    def __str__(self):
        raise RuntimeError("이 오류는 읽을 수 없습니다")

    __repr__ = __str__


_RAISED = {"dot_scores": KeyboardInterrupt, "scale_scores": SystemExit, "row_softmax": GeneratorExit,
           "mix_values": StudentTimeout, "self_attention": _Unreadable}


def _attack(function, args):
    raise _RAISED[function.__name__]()
