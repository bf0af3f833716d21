"""The dtype rule, said and judged one way: a torch result keeps the input's float dtype (float32 for float32 input,
float64 for float64), a numpy result is float32 or float64, and float16 or an integer is wrong; every exercise's text
says so and the comparison both judges share applies exactly that."""

from __future__ import annotations

import numpy as np
import pytest
import torch
from course_testing import COURSE, instructions, run_assignment

from autograder.course.notebook import cell_source, read_notebook
from helpers.grading.compare import compare
from helpers.grading.core import assignments

JUDGES = pytest.mark.parametrize("trusted", [False, True], ids=["in_kernel", "checker"])


@pytest.mark.parametrize(("expected", "got"), [(torch.float32, torch.float64), (torch.float64, torch.float32),
                                               (torch.float32, torch.float16), (torch.float64, torch.bfloat16)])
def test_a_torch_result_in_another_float_dtype_than_the_input_is_wrong(expected, got):
    values = torch.linspace(-1, 1, 6).reshape(2, 3)
    message = compare(values.to(expected), values.to(got), "결과")
    assert message is not None and "dtype" in message


def test_a_torch_result_in_the_input_dtype_is_right():
    values = torch.linspace(-1, 1, 6, dtype=torch.float64)
    assert compare(values, values.clone(), "결과") is None


@pytest.mark.parametrize("got", [np.float32, np.float64])
def test_a_numpy_result_may_be_float32_or_float64(got):
    values = np.linspace(0, 1, 5, dtype=np.float64)
    assert compare(values, values.astype(got), "결과") is None


def test_a_numpy_result_in_float16_is_wrong():
    values = np.linspace(0, 1, 5, dtype=np.float64)
    assert "float16" in compare(values, values.astype(np.float16), "결과")


@pytest.mark.parametrize("assignment", sorted(assignments()))
def test_every_exercise_text_says_the_result_dtype_for_float32_and_float64_input(assignment):
    opening = cell_source(read_notebook(COURSE.source_notebook(assignment))["cells"][0])
    for exercise in assignments()[assignment]:
        text = opening + instructions(assignment, exercise)
        assert "결과의 dtype" in text and all(word in text for word in ("float32", "float64", "float16")), exercise


WIDENED = "def dot_scores(Q, K):\n    return Q.double() @ K.double().mT\n"
NARROWED = "def dot_scores(Q, K):\n    return (Q @ K.mT).float()\n"


@JUDGES
@pytest.mark.parametrize("answer", [WIDENED, NARROWED], ids=["float64_for_float32", "float32_for_float64"])
def test_a_result_that_changes_the_input_dtype_loses_its_points(answer, trusted):
    result = run_assignment("ch01_handmade_qkv", {"dot_scores": answer}, only={"test_dot_scores"},
                            trusted=trusted)["test_dot_scores"]
    assert result.points == 0 and "[진단: dot_scores/dtype]" in result.message, result.message
