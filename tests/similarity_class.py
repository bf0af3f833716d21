"""The class the similarity review is tested on (issue 29), built into a course folder from frozen answers.

    course = make_course(tmp_path, ASSIGNMENTS)
    students = add_similarity_class(course, "ch01_handmade_qkv")   # student id → Kind

Who hands in what, for ch01_handmade_qkv and ch05_multi_head:
- the sample class (tests/sample_class): the source's solutions exactly, partly wrong, unfilled, corrupt, misnamed, …;
- the independent right answers (tests/independent_right), each student alone, in their own style;
- the planted copies (tests/similarity_planted/pairs.toml: renamed and reordered, a rare wrong answer copied,
  comments and spacing only, one exercise of five), written by a helper who did not see the scoring;
- students whose answers equal the reference solutions exactly, and students who copied the lecture's code;
- every answer of the independent wrong-answer sets (not the blind set's test half), each as a student whose
  other exercises are the reference solutions.
A student's missing files are the reference solution (what a student who got the rest right hands in).
"""

from __future__ import annotations

import enum
import json
import tomllib
from pathlib import Path

from answer_sets import INDEPENDENT
from sample_class.build import add_class, make_notebook

from autograder.course.notebook import nbgrader_metadata, read_notebook

TESTS = Path(__file__).resolve().parent
PLANTED = TESTS / "similarity_planted"
ASSIGNMENTS = ("ch01_handmade_qkv", "ch05_multi_head")
TIMESTAMP = "2026-03-02 09:00:00.000000 UTC"


class Kind(enum.Enum):
    SAMPLE = "sample class"
    INDEPENDENT_RIGHT = "independent right answers"
    PLANTED = "planted copy (or its original)"
    REFERENCE = "the reference solutions exactly"
    LECTURE = "copied the lecture's code"
    INDEPENDENT_WRONG = "one independent wrong answer"


LECTURE_CODE = {  # two students each: the lectures' lines verbatim (notebooks/01, notebooks/05), their own glue around
    "ch01_handmade_qkv": (
        {"row_softmax": "import torch\n\n\ndef row_softmax(scores):\n    x = scores\n"
                        "    e = torch.exp(x - x.amax(dim=-1, keepdim=True))\n"
                        "    return e / e.sum(dim=-1, keepdim=True)\n"},
        {"row_softmax": "def row_softmax(scores):\n    def softmax_rows(x):\n"
                        "        e = torch.exp(x - x.amax(dim=-1, keepdim=True))\n"
                        "        return e / e.sum(dim=-1, keepdim=True)\n\n    return softmax_rows(scores)\n"}),
    "ch05_multi_head": (
        {"split_heads": "def split_heads(x, num_heads):\n    B, S, d_model = x.shape\n"
                        "    h, d_k = num_heads, d_model // num_heads\n"
                        "    step_1 = x.view(B, S, h, d_k)  # [B, S, h, d_k]: 자리마다 좌표 6개를 머리 3개 × 2개로\n"
                        "    right_split = step_1.transpose(1, 2)  # [B, h, S, d_k]: 머리 축을 앞으로\n"
                        "    return right_split\n",
         "causal_mask": "def causal_mask(size):\n    S = size\n    ones = torch.ones(S, S, dtype=torch.bool)\n"
                        "    return torch.tril(ones)\n"},
        {"split_heads": "def split_heads(x, num_heads):\n    batch, length, width = x.shape\n    h = num_heads\n"
                        "    d_k = width // h\n"
                        "    step_1 = x.view(batch, length, h, d_k)"
                        "  # [B, S, h, d_k]: 자리마다 좌표 6개를 머리 3개 × 2개로\n"
                        "    return step_1.transpose(1, 2)\n",
         "merge_heads": "def merge_heads(x):\n    B, h, S, d_k = x.shape\n"
                        "    swapped = x.transpose(1, 2)  # [4, 4, 3, 2]\n"
                        "    concat = swapped.contiguous().view(B, S, h * d_k)  # [4, 4, 6]\n    return concat\n",
         "causal_mask": "def causal_mask(size):\n    ones = torch.ones(size, size, dtype=torch.bool)\n"
                        "    mask = torch.tril(ones)\n    return mask\n"}),
}


def planted_pairs() -> list[dict]:
    return tomllib.loads((PLANTED / "pairs.toml").read_text(encoding="utf-8"))["pair"]


def _student_files(folder: Path) -> dict[str, str]:
    return {path.stem: path.read_text(encoding="utf-8") for path in sorted(folder.glob("*.py"))}


def write_submission(course: Path, student: str, assignment: str, cells: dict[str, str]) -> None:
    """The release notebook with `cells` (exercise → code) in its solution cells, the reference in the others."""
    release = read_notebook(course / "release" / assignment / f"{assignment}.ipynb")
    source = read_notebook(course / "source" / assignment / f"{assignment}.ipynb")
    notebook = make_notebook("correct", source, release)  # the sample class's right student
    for cell in notebook["cells"]:
        grade_id = nbgrader_metadata(cell).get("grade_id")
        if nbgrader_metadata(cell).get("solution") and grade_id in cells:
            cell["source"] = cells[grade_id]
    folder = course / "submitted" / student / assignment
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{assignment}.ipynb").write_text(json.dumps(notebook, ensure_ascii=False, indent=1), encoding="utf-8")
    (folder / "timestamp.txt").write_text(TIMESTAMP, encoding="utf-8")


def add_similarity_class(course: Path, assignment: str) -> dict[str, Kind]:
    """Write every submission of the class for `assignment` under course/submitted/; student id → kind."""
    kinds = {student: Kind.SAMPLE for student, _ in add_class(course, [assignment], timestamp=TIMESTAMP)}
    for folder in sorted((TESTS / "independent_right" / assignment).iterdir()):
        write_submission(course, folder.name, assignment, _student_files(folder))
        kinds[folder.name] = Kind.INDEPENDENT_RIGHT
    for folder in sorted((PLANTED / assignment).iterdir()):
        write_submission(course, folder.name, assignment, _student_files(folder))
        kinds[folder.name] = Kind.PLANTED
    for number, lecture_code in enumerate(LECTURE_CODE[assignment], start=1):
        write_submission(course, f"reference_{number}", assignment, {})
        kinds[f"reference_{number}"] = Kind.REFERENCE
        write_submission(course, f"lecture_{number}", assignment, lecture_code)
        kinds[f"lecture_{number}"] = Kind.LECTURE
    for answer_set in INDEPENDENT:
        for path in sorted((answer_set.answers / assignment).glob("*.py")):
            student = f"wrong_{answer_set.answers.name}_{path.stem}"
            write_submission(course, student, assignment, {path.stem.split("__")[0]: path.read_text(encoding="utf-8")})
            kinds[student] = Kind.INDEPENDENT_WRONG
    return kinds


def student_id(name: str) -> str:
    """A pairs.toml name ("independent_right/indep_a4", "similarity_planted/planted_01") as a student id."""
    return name.split("/", 1)[1]
