"""The kernel's side of a trusted check: call the student's function on the checker's inputs, answer as data.

Runs only in the student's kernel (the worker's checker imports nothing of it: what both sides use is in
:mod:`helpers.grading.wire` and :mod:`helpers.grading.sealing`).

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
from collections.abc import Callable

import torch

from helpers.grading import guard, wire
from helpers.grading.sealing import answer_lookup, part_question, unseal


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
    (those the course's own composite asks for: see :func:`helpers.grading.sealing.seal`) or asked of the grader,
    which answers only for the parts of the request under way (``autograder.grading.checker.course_part_reply``)."""

    def part(*args, **kwargs):
        question = part_question(name, args, kwargs)
        found = (sealed or {}).get(answer_lookup(question))
        reply = wire.decode(unseal(found, question) if isinstance(found, torch.Tensor) else ask(question))
        if reply.get("error") is not None:
            raise _raised(reply["error"])
        return reply["value"]

    part.__name__ = part.__qualname__ = name
    return part


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
    return {"value": run.value, "error": None if run.error is None else wire.describe_error(run.error),
            "timed_out": run.timed_out,
            "inputs": tuple(wire.as_reported(before, after) for before, after in zip(call["args"], run.inputs))}
