"""The kernel's side of a trusted check: call the student's function on the checker's inputs, answer as data.

The grading checker (outside the sandbox) evaluates, in the student's kernel, the expression
``__import__("helpers.grading.agent", fromlist=["answer"]).answer("<request>")`` right after a graded
test cell, and reads the returned line from the kernel's reply. Nothing here decides anything: the
kernel belongs to the student, so everything it sends back is treated as a claim about what their
function returned, and judged by the checker. This module only makes honest answers easy and cheap.

Request (see :mod:`helpers.grading.wire`): ``{"function": name, "course_parts": [...], "time_limit": s,
"calls": [{"args": (...), "kwargs": {...}, "global_seed": int | None}, ...]}``, the seed for torch's global
random state before the call. Answer: ``{"status": "ran", "runs": [...]}`` with, per call, the value or the
error, whether it timed out, and the positional arguments after the call (course tables as digests); or
``{"status": "missing"}`` / ``{"status": "not_callable", "type": ...}``. The course's parts a composite is run
with are computed by the checker, never here (:func:`course_part`).
"""

from __future__ import annotations

import builtins
import hashlib
from collections.abc import Callable

import numpy as np
import torch

from helpers.grading import guard, wire


def answer(request: str, namespace: dict | None = None, ask_grader: Callable[[str], str] | None = None) -> str:
    """Run the calls of `request` on the function it names in `namespace` (the notebook's, by default), its
    course parts answered through `ask_grader` (by default the kernel's input channel)."""
    asked = wire.decode(request)
    if namespace is None:
        from IPython import get_ipython

        namespace = get_ipython().user_ns
    function = namespace.get(asked["function"])
    if function is None and asked["function"] not in namespace:
        return wire.encode({"status": "missing"})
    if not callable(function):
        return wire.encode({"status": "not_callable", "type": type(function).__qualname__})
    ask = ask_grader or _ask_on_input_channel
    sealed = asked.get("answers") if isinstance(asked.get("answers"), dict) else {}
    subject = guard.with_course_parts(function, tuple(asked["course_parts"]),
                                      lambda name: course_part(name, ask, sealed))
    runs = []
    for call in asked["calls"]:
        runs.append(_run(subject, call, asked["time_limit"]))
        if runs[-1]["timed_out"]:  # one call past its limit fails the exercise: the rest are not run
            runs += [{"value": None, "error": None, "timed_out": True, "inputs": tuple(later["args"])}
                     for later in asked["calls"][len(runs):]]
            break
    return wire.encode({"status": "ran", "runs": runs})


def course_part(name: str, ask: Callable[[str], str], sealed: dict | None = None) -> Callable:
    """The course's part `name` as the student's function calls it here: this kernel holds no answer key, so each
    call is a question (``{"part": name, "args": ..., "kwargs": ...}``) whose answer, the reference's result
    (``{"value": ...}``) or error (``{"error": ...}``), is either among the `sealed` answers the request brought
    (those the course's own composite asks for: see :func:`seal`) or asked of the grader, which answers only for
    the parts of the request under way (``autograder.grading.checker.course_part_reply``)."""

    def part(*args, **kwargs):
        question = part_question(name, args, kwargs)
        found = (sealed or {}).get(answer_lookup(question))
        reply = wire.decode(unseal(found, question) if isinstance(found, torch.Tensor) else ask(question))
        if reply.get("error") is not None:
            raise _raised(reply["error"])
        return reply["value"]

    part.__name__ = part.__qualname__ = name
    return part


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


def _ask_on_input_channel(question: str) -> str:
    """The grading checker's answer to `question`, asked on the kernel's input channel (as input() asks)."""
    from IPython import get_ipython

    return get_ipython().kernel.raw_input(question)


def _raised(described: dict) -> Exception:
    """The course part's error as the builtin exception of its kind (a RuntimeError when it is none)."""
    kind = getattr(builtins, str(described.get("type")), None)
    message = str(described.get("message", ""))
    return kind(message) if isinstance(kind, type) and issubclass(kind, Exception) else RuntimeError(message)


def _run(function, call: dict, time_limit: float) -> dict:
    try:
        seed = call.get("global_seed")
        run = guard.call_student(function, call["args"], call["kwargs"], time_limit=time_limit, watch=False,
                                 global_seed=seed if type(seed) is int else None)
    except KeyboardInterrupt:  # the checker's interrupt: the call ran past its time limit
        run = guard.StudentRun(timed_out=True, inputs=tuple(call["args"]))
    except BaseException as escaped:  # noqa: BLE001 - SystemExit, GeneratorExit: the student's error too
        run = guard.StudentRun(error=escaped, inputs=tuple(call["args"]))
    return {"value": run.value, "error": None if run.error is None else describe_error(run.error),
            "timed_out": run.timed_out,
            "inputs": tuple(wire.as_reported(before, after) for before, after in zip(call["args"], run.inputs))}


def describe_error(error: BaseException) -> dict:
    """An exception as data: its class name, the builtin exception classes it derives from, its message
    and (when they are plain values) its arguments."""
    bases = [kind.__name__ for kind in type(error).__mro__
             if getattr(builtins, kind.__name__, None) is kind and issubclass(kind, BaseException)]
    simple = all(type(argument) in (str, int, float, bool) for argument in error.args)
    return {"type": type(error).__name__, "bases": bases, "message": str(error),
            "args": list(error.args) if simple and len(error.args) <= 8 else None}
