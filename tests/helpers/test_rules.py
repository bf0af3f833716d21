"""helpers.grading.rules: the rule a student is judged by is the rule the exercise's text states, and both judges
(the in-kernel profiler and the checker's reading of the source) apply that rule and no other."""

from __future__ import annotations

import pytest
from course_testing import COURSE, instructions, run_assignment

from autograder.course.authorship import NotebookSource
from autograder.course.notebook import cell_source, read_notebook
from helpers.grading.core import assignments, exercises
from helpers.grading.rules import MASK_BUILDERS_SHOWN, REFERENCE_SHOWN, rule_of

JUDGES = pytest.mark.parametrize("trusted", [False, True], ids=["in_kernel", "checker"])


def _text_of(assignment: str, exercise: str) -> str:
    """What the student reads of `exercise`: the assignment's opening cell and the exercise's own statement."""
    opening = cell_source(read_notebook(COURSE.source_notebook(assignment))["cells"][0])
    return opening + "\n" + instructions(assignment, exercise)


def _exercises():
    for assignment, names in assignments().items():
        for name in names:
            yield pytest.param(assignment, exercises()[name], id=name)


@pytest.mark.parametrize(("assignment", "exercise"), list(_exercises()))
def test_every_library_function_a_rule_forbids_is_named_in_the_exercise_text(assignment, exercise):
    text = _text_of(assignment, exercise.name)
    unnamed = [item.shown for item in rule_of(exercise).library if f"`{item.shown}" not in text]
    assert REFERENCE_SHOWN in text
    assert not unnamed, f"{exercise.name}: the text does not name {unnamed}"


@pytest.mark.parametrize(("assignment", "exercise"), list(_exercises()))
def test_every_exercise_text_says_a_library_mask_builder_may_be_used(assignment, exercise):
    text = _text_of(assignment, exercise.name)
    assert all(f"`{shown}" in text for shown in MASK_BUILDERS_SHOWN)


MASK_BUILDER_ANSWERS = {
    "dotted": "import torch\n\ndef causal_mask(size):\n"
              "    return torch.nn.Transformer.generate_square_subsequent_mask(size) == 0\n",
    "imported": "from torch.nn import Transformer\n\ndef causal_mask(size):\n"
                "    return Transformer.generate_square_subsequent_mask(size) == 0\n",
}


@JUDGES
@pytest.mark.parametrize("answer", sorted(MASK_BUILDER_ANSWERS))
def test_a_causal_mask_built_by_the_library_mask_helper_keeps_full_marks(answer, trusted):
    result = run_assignment("ch05_multi_head", {"causal_mask": MASK_BUILDER_ANSWERS[answer]},
                            only={"test_causal_mask"}, trusted=trusted)["test_causal_mask"]
    assert result.passed, result.message


def test_the_library_transformer_itself_stays_forbidden_beside_its_mask_helper():
    cells = ["import torch\n\ndef f(x, size):\n"
             "    keep = torch.nn.Transformer.generate_square_subsequent_mask(size) == 0\n"
             "    return torch.nn.Transformer(d_model=4, nhead=1)(x, x, tgt_mask=keep)\n"]
    assert NotebookSource(cells).read("f", by_hand=False, allowed=()).forbidden == "torch의 Transformer"
