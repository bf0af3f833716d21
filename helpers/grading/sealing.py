"""The course parts' questions and their sealed answers: both sides of the checker's channel use this module.

The grading checker (in the worker) seals the answers a course composite will ask for and files them by
question (:func:`seal`, :func:`answer_lookup`); the kernel's agent (:mod:`helpers.grading.agent`) asks the
same questions (:func:`part_question`) and opens only an answer whose question it holds (:func:`unseal`).
"""

from __future__ import annotations

import hashlib

import numpy as np
import torch

from helpers.grading import wire


def part_question(name: str, args: tuple, kwargs: dict) -> str:
    """A call of the course part `name`, as a line of wire data."""
    return wire.encode({"part": name, "args": args, "kwargs": kwargs}, tables_by_name=True)


def answer_lookup(question: str) -> str:
    """Where the sealed answer to `question` is filed."""
    return hashlib.sha256(b"lookup\0" + question.encode()).hexdigest()


def _keystream(question: str, size: int) -> np.ndarray:
    return np.frombuffer(hashlib.shake_256(b"seal\0" + question.encode()).digest(size), dtype=np.uint8)


def seal(answer_line: str, question: str) -> torch.Tensor:
    """`answer_line` readable only with `question` in hand: a caller must hold the very arguments of a part's call
    to read its answer, the same as calling the part (a table of sealed answers hands out nothing more)."""
    data = np.frombuffer(answer_line.encode(), dtype=np.uint8)
    return torch.from_numpy(data ^ _keystream(question, data.size))


def unseal(sealed: torch.Tensor, question: str) -> str:
    """The answer line :func:`seal` sealed for `question`."""
    data = sealed.numpy().astype(np.uint8, copy=False)
    return (data ^ _keystream(question, data.size)).tobytes().decode(errors="replace")
