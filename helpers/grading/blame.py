"""Whose error it is: an error raised inside a course function (helpers.reference, helpers.given) that the
student's code called is the student's call's, not the course's. The message a student reads then says which
call and with which arguments, instead of quoting the course function's own words as if they described the
student's code."""

from __future__ import annotations

import os
from dataclasses import dataclass
from types import FrameType, TracebackType

import numpy as np
import torch

import helpers

COURSE_DIR = os.path.dirname(os.path.realpath(helpers.__file__))  # helpers/: the course's own functions
GRADING_DIR = os.path.join(COURSE_DIR, "grading")  # the checks, which call the student: not a course function
MAX_ARGUMENT_TEXT = 60  # characters of one argument's description


@dataclass(frozen=True)
class CourseCall:
    """The call of a course function in the student's code where an error began."""

    function: str
    line: int  # the line of the student's code that made the call
    arguments: tuple[str, ...]  # 'x [2, 3, 6] (float32)', 'num_heads=5'

    def sentence(self) -> str:
        """Korean: which call raised, with what it was given."""
        given = ", ".join(self.arguments)
        return (f"이 오류는 과정이 건넨 함수 `{self.function}` 안에서 났습니다: 학생 코드의 {self.line}번째 줄에서 "
                f"`{self.function}({given})`처럼 불렀고, 그 함수가 이 인자들을 받아들이지 않았습니다. "
                f"`{self.function}`에 넘기는 인자(모양, 값, 순서)를 확인하세요.")


def course_call(error: BaseException) -> CourseCall | None:
    """The course function the student's code called where `error` was raised (the outermost course frame right
    below a frame of the student's), or None when the error began elsewhere or its traceback is gone."""
    frames = _frames(error.__traceback__)
    for caller, callee in zip(frames, frames[1:]):
        if _is_course(callee) and not _is_course(caller) and not _is_grading(caller):
            return CourseCall(callee.f_code.co_name, caller.f_lineno, _arguments(callee))
    return None


def _frames(traceback: TracebackType | None) -> list[FrameType]:
    frames = []
    while traceback is not None:
        frames.append(traceback.tb_frame)
        traceback = traceback.tb_next
    return frames


def _is_course(frame: FrameType) -> bool:
    path = os.path.realpath(frame.f_code.co_filename)
    return path.startswith(COURSE_DIR + os.sep) and not _is_grading(frame)


def _is_grading(frame: FrameType) -> bool:
    return os.path.realpath(frame.f_code.co_filename).startswith(GRADING_DIR + os.sep)


def _arguments(frame: FrameType) -> tuple[str, ...]:
    """The course function's parameters as it received them: tensors by shape and dtype, others by value."""
    code = frame.f_code
    names = code.co_varnames[:code.co_argcount + code.co_kwonlyargcount]
    return tuple(_described(name, frame.f_locals[name]) for name in names if name in frame.f_locals)


def _described(name: str, value) -> str:
    if isinstance(value, torch.Tensor | np.ndarray):
        dtype = str(value.dtype).replace("torch.", "")
        return f"{name} {list(value.shape)} ({dtype})"
    text = f"{name}={value!r}"
    return text if len(text) <= MAX_ARGUMENT_TEXT else text[:MAX_ARGUMENT_TEXT - 1] + "…"
