"""autograder.grading.checker: the hidden block never reaches the kernel and is only ever the course's form, what
the kernel printed in a test cell scores nothing, the student's error comes back as data without raising, and the
verdict is the checker's own — a wrong or garbled answer from the kernel is never a pass."""

from __future__ import annotations

import pytest
import torch
from course_testing import FIXTURES, TEST_CASE_KEY, InProcessChannel
from nbformat import NotebookNode
from nbformat.v4 import new_code_cell, new_notebook, new_output
from nbgrader.utils import determine_grade

from autograder.course.authorship import NotebookSource
from autograder.course.context import ROOT
from autograder.course.credit import CreditRule
from autograder.course.diagnosis import VERDICT_KEY, outcomes
from autograder.course.notebook import cell_source, grade_id, read_notebook
from autograder.grading import checker, worker
from autograder.grading.checker import (
    HIDDEN_BEGIN,
    HIDDEN_END,
    CheckedExecute,
    CheckSession,
    KernelDidNotStart,
    KernelLost,
    PartsUnderWay,
    UnknownHiddenTest,
    course_part_reply,
    read_answer,
    rebuild_error,
    sealed_course_answers,
    shown_not_scored,
    split_test_cell,
    verdict_outputs,
)
from helpers.grading import agent, core, sealing, wire
from helpers.grading.spec import Case
from helpers.grading.student import course_part
from helpers.grading.verdict import FailureKind, Verdict, WrongPart
from helpers.prompt_kernels import ReadyClient

NOTEBOOK = ROOT / "source" / "ch01_handmade_qkv" / "ch01_handmade_qkv.ipynb"
TEST_CELLS = {grade_id(cell): cell_source(cell) for cell in read_notebook(NOTEBOOK)["cells"]
              if (grade_id(cell) or "").startswith("test_")}
DOT_SCORES_CELL = TEST_CELLS["test_dot_scores"]
CHECK_LINE = "importlib.reload(helpers.grading).check_dot_scores(dot_scores)"


# ---------------------------------------------------------------- the hidden block
@pytest.mark.parametrize("cell", TEST_CELLS)
def test_a_course_test_cell_splits_into_its_visible_part_and_its_exercise(cell):
    source = TEST_CELLS[cell]
    split = split_test_cell(source, cell)
    assert split.exercise == cell.removeprefix("test_")
    assert split.visible == source[: source.index(HIDDEN_BEGIN)].rstrip() + "\n"
    assert "HIDDEN" not in split.visible and "check_" + split.exercise not in split.visible


def test_the_visible_part_keeps_the_cells_own_checks():
    visible = split_test_cell(DOT_SCORES_CELL, "test_dot_scores").visible
    assert visible.startswith("# 강의 예시로 확인합니다")
    assert 'check_example("dot_scores", dot_scores)' in visible and "show_table(scores)" in visible


def test_the_short_form_of_the_course_check_is_accepted():
    source = f"x = 1\n{HIDDEN_BEGIN}\nhelpers.grading.check_dot_scores(dot_scores)\n{HIDDEN_END}\n"
    assert split_test_cell(source, "c").exercise == "dot_scores"


def test_a_cell_without_a_hidden_block_has_nothing_to_split():
    assert split_test_cell("assert 1 + 1 == 2\n", "c") is None


def _edited(old: str, new: str) -> str:
    assert old in DOT_SCORES_CELL
    return DOT_SCORES_CELL.replace(old, new)


OTHER_HIDDEN_BLOCKS = {
    "extra code in the block": _edited(CHECK_LINE, CHECK_LINE + "\nprint(dot_scores)"),
    "extra code on the check's line": _edited(CHECK_LINE, "import os; " + CHECK_LINE),
    "a different function": _edited(CHECK_LINE, 'helpers.grading.core.check("dot_scores", dot_scores)'),
    "a plain assert": _edited(CHECK_LINE, "assert dot_scores(Q, K).shape == (4, 4)"),
    "the check of one exercise on another function": _edited(
        CHECK_LINE, "importlib.reload(helpers.grading).check_dot_scores(scale_scores)"),
    "two checks": _edited(CHECK_LINE, CHECK_LINE + "\n" + CHECK_LINE.replace("dot_scores", "scale_scores")),
    "no check at all": _edited(CHECK_LINE, ""),
    "an import the course's form does not have": _edited("import importlib\n", "import os\n"),
    "code after END": DOT_SCORES_CELL.rstrip("\n") + "\nprint('after')\n",
    "BEGIN without END": _edited(HIDDEN_END, ""),
}


@pytest.mark.parametrize("source", OTHER_HIDDEN_BLOCKS.values(), ids=OTHER_HIDDEN_BLOCKS.keys())
def test_any_other_hidden_block_is_refused(source):
    with pytest.raises(UnknownHiddenTest, match="test_dot_scores"):
        split_test_cell(source, "test_dot_scores")


def test_comments_and_blank_lines_in_the_hidden_block_are_allowed():
    source = _edited(CHECK_LINE, f"# the course's check\n\n{CHECK_LINE}\n")
    assert split_test_cell(source, "test_dot_scores").exercise == "dot_scores"


# ---------------------------------------------------------------- what the kernel printed scores nothing
def _graded_cell(outputs) -> object:
    cell = new_code_cell("pass", metadata={"nbgrader": {"grade": True, "solution": False, "locked": True, "points": 2,
                                                        "grade_id": "test_x", "schema_version": 3}})
    cell.outputs = outputs
    return cell


KERNEL_OUTPUTS = {
    "an error": new_output("error", ename="AssertionError", evalue="틀림",
                           traceback=["\x1b[0;31mAssertionError\x1b[0m: 틀림"]),
    "stderr": new_output("stream", name="stderr", text="경고\n"),
    "a numeric execute_result": new_output("execute_result", data={"text/plain": "0.5"}, execution_count=1),
    "a zero execute_result": new_output("execute_result", data={"text/plain": "0"}, execution_count=1),
}


@pytest.mark.parametrize("output", KERNEL_OUTPUTS.values(), ids=KERNEL_OUTPUTS.keys())
def test_what_nbgrader_would_score_becomes_stdout_that_gets_full_points(output):
    assert determine_grade(_graded_cell([output]))[0] < 2  # nbgrader scores the kernel's output as it is
    shown = shown_not_scored([output])
    assert [(item.output_type, item.name) for item in shown] == [("stream", "stdout")]
    assert determine_grade(_graded_cell(shown)) == (2.0, 2.0)


def test_every_kind_of_output_becomes_one_stdout_stream_in_order_without_colour_codes():
    outputs = [new_output("stream", name="stdout", text="첫째\n"), KERNEL_OUTPUTS["stderr"],
               new_output("display_data", data={"text/plain": "<그림>", "image/png": "iVBOR"}),
               KERNEL_OUTPUTS["a numeric execute_result"], KERNEL_OUTPUTS["an error"]]
    shown = shown_not_scored(outputs)
    assert len(shown) == 1 and shown[0].output_type == "stream" and shown[0].name == "stdout"
    text = shown[0].text
    assert [text.index(part) for part in ("첫째", "경고", "<그림>", "0.5", "AssertionError: 틀림")] == sorted(
        text.index(part) for part in ("첫째", "경고", "<그림>", "0.5", "AssertionError: 틀림"))
    assert "\x1b" not in text
    assert determine_grade(_graded_cell(shown)) == (2.0, 2.0)


def test_nothing_printed_gives_no_output():
    assert shown_not_scored([]) == []
    assert shown_not_scored([new_output("display_data", data={"image/png": "iVBOR"})]) == []


# ---------------------------------------------------------------- the student's error, rebuilt from data
class StudentsOwnError(ValueError):
    pass


@pytest.mark.parametrize("error", [KeyError("열쇠"), ValueError("값"), ZeroDivisionError("0"), StopIteration(5),
                                   FileNotFoundError(2, "없음"), IndexError()], ids=lambda e: type(e).__name__)
def test_a_builtin_error_comes_back_as_its_own_builtin_class(error):
    rebuilt = rebuild_error(wire.describe_error(error))
    assert type(rebuilt) is type(error)
    assert str(rebuilt) == str(error) and rebuilt.args == error.args


def test_a_key_error_keeps_its_quoted_message():
    assert str(rebuild_error(wire.describe_error(KeyError("x")))) == "'x'"


def test_a_students_own_error_class_comes_back_as_a_subclass_of_the_nearest_builtin():
    rebuilt = rebuild_error(wire.describe_error(StudentsOwnError("내 오류")))
    assert isinstance(rebuilt, ValueError) and type(rebuilt) is not ValueError
    assert type(rebuilt).__name__ == "StudentsOwnError" and str(rebuilt) == "내 오류"
    assert type(rebuilt).__module__ == "student"  # not this test module's class: made from data


def _unicode_decode_error() -> UnicodeDecodeError:
    try:
        b"\xff".decode("utf-8")
    except UnicodeDecodeError as error:
        return error
    raise AssertionError("b'\\xff' decoded")


@pytest.mark.parametrize("error", [_unicode_decode_error(), ExceptionGroup("묶음", [ValueError("a")])],
                         ids=["UnicodeDecodeError", "ExceptionGroup"])
def test_a_builtin_error_whose_class_takes_more_than_a_message_comes_back_without_raising(error):
    rebuilt = rebuild_error(wire.describe_error(error))
    assert isinstance(rebuilt, Exception) and type(rebuilt).__name__ == type(error).__name__


GARBAGE_ERRORS = [None, 5, "KeyError", [], {}, {"type": 5}, {"bases": 5}, {"bases": None}, {"bases": "KeyError"},
                  {"type": "X", "bases": ["NotABuiltin", None, 3, "print", "object"]},
                  {"type": "KeyError", "bases": ["KeyError"], "args": [[1]]},
                  {"type": "KeyError", "bases": ["KeyError"], "args": "abc"},
                  {"type": "OSError", "bases": ["OSError"], "args": [1, 2, 3, 4, 5, 6, 7]},
                  {"type": "UnicodeDecodeError", "bases": ["UnicodeDecodeError"], "args": ["a"]},
                  {"type": "X", "bases": ["UnicodeEncodeError"]}, {"type": "X", "bases": ["BaseExceptionGroup"]},
                  {"type": "bool", "bases": ["bool"]}, {"type": "a.b c<>", "bases": ["Exception"]},
                  {"type": "X" * 10_000, "message": "m" * 100_000}, {"message": {"a": 1}, "args": {"b": 2}}]


@pytest.mark.parametrize("described", GARBAGE_ERRORS, ids=lambda value: repr(value)[:60])
def test_rebuild_error_never_raises_on_garbage_and_always_gives_an_exception(described):
    rebuilt = rebuild_error(described)
    assert isinstance(rebuilt, BaseException)
    assert len(str(rebuilt)) <= wire.MAX_TEXT


# ---------------------------------------------------------------- the verdict, through the agent
RIGHT = ("import torch", "def dot_scores(Q, K):\n    return Q @ K.transpose(-2, -1)")


def _verdict(*cells: str, exercise: str = "dot_scores"):
    namespace: dict = {"__name__": "__main__"}
    for cell in cells:
        exec(compile(cell, "<cell>", "exec"), namespace)  # noqa: S102 - the student's cells
    return verdict_outputs(exercise, CheckSession(InProcessChannel(namespace), NotebookSource(list(cells))),
                           TEST_CASE_KEY)


def _held_verdict(output) -> Verdict:
    """The verdict a display of the checker holds; it shows nothing but a composite's note."""
    assert output.output_type == "display_data"
    return Verdict.from_json(output.metadata[VERDICT_KEY])


def _one_failure(outputs) -> str:
    assert len(outputs) == 2
    assert outputs[0].output_type == "error" and outputs[0].ename == "CheckFailed"
    assert outputs[0].evalue.startswith("[진단:")
    verdict = _held_verdict(outputs[1])
    assert outputs[1].data == {} and outputs[0].evalue.startswith(f"[진단: {verdict.code}]")
    return outputs[0].evalue


def test_a_right_answer_gives_no_error_only_a_passing_verdict_that_shows_nothing():
    outputs, lost = _verdict(*RIGHT)
    assert lost is None and len(outputs) == 1 and outputs[0].data == {}
    assert _held_verdict(outputs[0]) == Verdict("dot_scores", checks_passed=("two_d", "batch_axes"))
    assert determine_grade(_graded_cell(outputs)) == (2.0, 2.0)


@pytest.mark.parametrize("body", ["return Q @ K.transpose(-2, -1) + 1", "return Q @ K.T", "return K @ Q.mT",
                                  "raise KeyError('k')"])
def test_a_wrong_answer_gives_exactly_one_error_output_with_the_diagnosis_tag(body):
    outputs, lost = _verdict("import torch", f"def dot_scores(Q, K):\n    {body}")
    assert _one_failure(outputs).startswith("[진단: dot_scores/")
    assert lost is None


def test_a_missing_function_is_not_callable():
    outputs, _ = _verdict("import torch")
    assert _one_failure(outputs).startswith("[진단: dot_scores/not_callable]")


def test_a_name_that_is_not_a_function_is_not_callable():
    outputs, _ = _verdict("dot_scores = 3")
    assert _one_failure(outputs).startswith("[진단: dot_scores/not_callable]")


def test_a_call_of_the_reference_read_from_the_source_is_forbidden_though_the_values_are_right():
    outputs, _ = _verdict("from helpers.reference import dot_scores as ref",
                          "def dot_scores(Q, K):\n    return ref(Q, K)")
    assert _one_failure(outputs).startswith("[진단: dot_scores/forbidden]")


@pytest.mark.parametrize("body", ['raise ExceptionGroup("묶음", [ValueError("a")])', 'return b"\\xff".decode("utf-8")'],
                         ids=["ExceptionGroup", "UnicodeDecodeError"])
def test_a_student_function_raising_an_unusual_builtin_error_fails_with_one_error_output(body):
    outputs, _ = _verdict("import torch", f"def dot_scores(Q, K):\n    {body}")
    assert _one_failure(outputs).startswith("[진단: dot_scores/error]")


def test_an_answer_wrong_on_the_real_vocabulary_table_is_diagnosed_not_malformed():
    """The lecture's example holds MiniLM's 30522-row table: the probes vary only small cases, so no request the
    checker sends is past the message's size and the answer hears what it does wrong."""
    sinusoidal = ROOT / "tests" / "independent_wrong_blind3" / "test" / "ch07_pretrained_attention" / \
        "bert_embeddings__sinusoidal_positions.py"  # chapter 3's table in place of the argument `position`
    ignores_position = (sinusoidal.read_text(encoding="utf-8"),)
    outputs, lost = _verdict(*ignores_position, exercise="bert_embeddings")
    assert _one_failure(outputs).startswith("[진단: bert_embeddings/ignores_argument]")
    assert lost is None


# ---------------------------------------------------------------- a kernel that answers garbage
class FakeChannel:
    """A kernel's channel that answers each request with `respond(request)` (what a hostile kernel can send)."""

    def __init__(self, respond):
        self.respond = respond
        self.requests: list[dict] = []

    def ask(self, request: dict, timeout: float, marked: tuple[str, ...] = ()) -> dict:
        self.requests.append(request)
        return self.respond(request)


def _ran(runs: list) -> dict:
    return read_answer(wire.encode({"status": "ran", "runs": runs}))


def _runs(count: int, **fields) -> list[dict]:
    return [{"value": None, "error": None, "timed_out": False, "inputs": (), **fields} for _ in range(count)]


def _lost(request):
    raise KernelLost(FailureKind.KERNEL_DIED, "kernel_died", "커널이 죽었습니다.", restart=True)


GARBAGE_ANSWERS = {
    "the channel raises": _lost,
    "not base64": lambda request: read_answer("이건 답이 아닙니다"),
    "not a dict": lambda request: read_answer(wire.encode([1, 2])),
    "an unknown status": lambda request: read_answer(wire.encode({"status": "passed"})),
    "runs that are not a list": lambda request: _ran("runs"),  # type: ignore[arg-type]
    "runs that are not dicts": lambda request: _ran([5] * len(request["calls"])),
    "inputs that are not a tuple": lambda request: _ran(_runs(len(request["calls"]), inputs=[1])),
    "one run too many": lambda request: _ran(_runs(len(request["calls"]) + 1)),
    "one run too few": lambda request: _ran(_runs(max(len(request["calls"]) - 1, 0))),
    "values that are unrepresentable": lambda request: _ran(
        _runs(len(request["calls"]), value=wire.Unrepresentable("FakeTensor"))),
    "an error whose bases are not a list": lambda request: _ran(
        _runs(len(request["calls"]), error={"type": "X", "bases": 5, "message": "m"})),
    "an error of a class that needs more arguments": lambda request: _ran(
        _runs(len(request["calls"]), error={"type": "ExceptionGroup", "bases": ["ExceptionGroup"], "message": "m"})),
    "callable, then missing": lambda request: read_answer(wire.encode({"status": "missing"})) if request["calls"]
    else _ran([]),
}


@pytest.mark.parametrize("respond", GARBAGE_ANSWERS.values(), ids=GARBAGE_ANSWERS.keys())
def test_a_kernel_answering_garbage_gives_one_error_output_and_never_a_pass(respond):
    session = CheckSession(FakeChannel(respond), NotebookSource(list(RIGHT)))
    outputs, _ = verdict_outputs("dot_scores", session, TEST_CASE_KEY)
    _one_failure(outputs)


def test_a_lost_kernel_is_reported_so_that_it_can_be_replaced():
    outputs, lost = verdict_outputs("dot_scores", CheckSession(FakeChannel(_lost), NotebookSource(list(RIGHT))),
                                    TEST_CASE_KEY)
    assert _one_failure(outputs).startswith("[진단: dot_scores/kernel_died]")
    assert lost is not None and lost.restart
    assert _held_verdict(outputs[1]).kind is FailureKind.KERNEL_DIED


@pytest.mark.parametrize("extra", [1, -1, 5], ids=["one more", "one fewer", "five more"])
def test_a_kernel_answer_with_the_wrong_number_of_runs_is_refused(extra):
    exercise = core.exercises()["dot_scores"]
    cases = core.hidden_cases("dot_scores", TEST_CASE_KEY)
    channel = FakeChannel(lambda request: _ran(_runs(len(request["calls"]) + extra)))
    with pytest.raises(KernelLost) as lost:
        CheckSession(channel, NotebookSource(list(RIGHT))).fetch("dot_scores", exercise, cases, ())
    assert lost.value.code == "malformed"
    assert len(channel.requests[0]["calls"]) == len(cases)  # one round trip for every case


def test_each_fresh_case_gets_its_own_answer_though_the_cases_before_it_were_dropped():
    """Probes make cases and let them go; the next case made often lands at the address of the last one."""
    exercise = core.exercises()["dot_scores"]
    namespace: dict = {}
    exec("\n".join(RIGHT), namespace)  # noqa: S102 - the right answer, run as the kernel would
    session = CheckSession(InProcessChannel(namespace), NotebookSource(list(RIGHT)))
    wrong = 0
    for number in range(200):
        queries = torch.full((2, 3), float(number))  # (S=2, d=3): every case's scores differ from the last one's
        run = session.run("dot_scores", exercise, Case(f"fresh case {number}", (queries, torch.ones(2, 3))), ())
        wrong += not torch.equal(run.value, torch.full((2, 2), 3.0 * number))
    assert wrong == 0, f"{wrong} of 200 fresh cases got another case's answer"


def test_read_answer_refuses_what_is_not_an_agents_answer():
    assert read_answer(wire.encode({"status": "missing"})) == {"status": "missing"}
    for line in ("", "%%%", wire.encode(None), wire.encode({"status": 1}), wire.encode({"runs": []})):
        with pytest.raises(KernelLost):
            read_answer(line)


# ---------------------------------------------------------------- the course's parts, computed outside the kernel
CH01_PARTS = ("dot_scores", "mix_values", "row_softmax", "scale_scores")
HONEST_COMPOSITE = ("import torch\nfrom helpers.reference import dot_scores, scale_scores, row_softmax, mix_values\n"
                    "def self_attention(Q, K, V):\n"
                    "    weights = row_softmax(scale_scores(dot_scores(Q, K), Q.shape[-1]))\n"
                    "    return mix_values(weights, V), weights\n")


def test_a_sealed_course_answer_opens_only_with_the_calls_own_arguments():
    question = sealing.part_question("dot_scores", (torch.ones(2, 2), torch.eye(2)), {})
    other = sealing.part_question("dot_scores", (torch.ones(2, 2), torch.ones(2, 2)), {})
    sealed = sealing.seal('{"value": "비밀"}', question)
    assert sealing.unseal(sealed, question) == '{"value": "비밀"}'
    assert sealing.unseal(sealed, other) != '{"value": "비밀"}'


def _composite_request(marked: tuple[str, ...] = ()) -> tuple[dict, list]:
    cases = core.hidden_cases("self_attention", TEST_CASE_KEY)[:3]
    parts = PartsUnderWay(frozenset(CH01_PARTS), frozenset(marked))
    request = {"function": "self_attention", "course_parts": list(CH01_PARTS), "time_limit": 5.0,
               "calls": [{"args": case.args, "kwargs": case.kwargs, "global_seed": None} for case in cases],
               "answers": sealed_course_answers(core.exercises()["self_attention"], cases, parts)}
    return request, cases


def _answered_without_questions(request: dict) -> dict:
    namespace: dict = {"__name__": "__main__"}
    exec(compile(HONEST_COMPOSITE, "<cell>", "exec"), namespace)  # noqa: S102 - the student's cell

    def no_question(question: str) -> str:
        raise AssertionError(f"asked the grader: {question[:80]}")

    return read_answer(agent.answer(wire.encode(request, tables_by_name=True), namespace, no_question))


def test_an_honest_composite_finds_every_course_part_answer_in_the_request_and_asks_nothing():
    request, cases = _composite_request()
    answer = _answered_without_questions(request)
    for case, run in zip(cases, answer["runs"], strict=True):
        assert run["error"] is None
        assert torch.allclose(run["value"][0], case.call(core.exercises()["self_attention"].reference)[0])


def test_a_marked_part_changes_what_the_course_answers_so_a_composite_that_uses_it_changes():
    request, _ = _composite_request()
    marked, _ = _composite_request(marked=("row_softmax",))
    plain = _answered_without_questions(request)["runs"]
    moved = _answered_without_questions(marked)["runs"]
    assert all(not torch.allclose(a["value"][0], b["value"][0]) for a, b in zip(plain, moved, strict=True))


def _counting_course_parts(monkeypatch) -> list[str]:
    """A fresh worker's sealed answers, and the course parts it runs, by name, as it runs them."""
    calls: list[str] = []
    monkeypatch.setattr(checker, "SEALED", checker.SealedAnswers())

    def counted(name: str, marked: tuple[str, ...] = ()):
        part = course_part(name, marked)

        def run(*args, **kwargs):
            calls.append(name)
            return part(*args, **kwargs)

        return run

    monkeypatch.setattr(checker, "course_part", counted)
    return calls


def test_a_worker_computes_the_course_parts_answers_once_for_every_submission_of_the_assignment(monkeypatch):
    calls = _counting_course_parts(monkeypatch)
    parts, exercise = PartsUnderWay(frozenset(CH01_PARTS)), core.exercises()["self_attention"]
    first = sealed_course_answers(exercise, core.hidden_cases("self_attention", TEST_CASE_KEY), parts)
    ran = len(calls)
    again = sealed_course_answers(exercise, core.hidden_cases("self_attention", TEST_CASE_KEY), parts)  # next student
    assert ran > 0 and len(calls) == ran
    assert again.keys() == first.keys() and all(torch.equal(again[key], first[key]) for key in first)


def test_a_case_with_other_inputs_gets_its_own_answers_not_a_kept_case(monkeypatch):
    calls = _counting_course_parts(monkeypatch)
    parts, exercise = PartsUnderWay(frozenset(CH01_PARTS)), core.exercises()["self_attention"]
    case = core.hidden_cases("self_attention", TEST_CASE_KEY)[0]
    kept = sealed_course_answers(exercise, [case], parts)
    ran = len(calls)
    other = Case(case.label, tuple(arg + 1 for arg in case.args), case.kwargs)
    answers = sealed_course_answers(exercise, [other], parts)
    assert len(calls) == 2 * ran and not answers.keys() & kept.keys()


def test_a_question_for_a_part_outside_the_request_is_refused_with_the_answer_key_line():
    question = sealing.part_question("dot_scores", (torch.ones(2, 2), torch.eye(2)), {})
    reply = wire.decode(course_part_reply(question, PartsUnderWay(frozenset({"mix_values"}))))
    assert "정답(기준 구현)" in reply["error"]["message"]


# ---------------------------------------------------------------- the verdict, read back by the worker
WRONG = ("import torch", "def dot_scores(Q, K):\n    return Q @ K.T")


def _graded(outputs, exercise: str = "dot_scores"):
    """The outcome the grading worker reads from a test cell of `exercise` with `outputs`."""
    cell = new_code_cell("pass", metadata={"nbgrader": {"grade": True, "solution": False, "locked": True, "points": 2,
                                                        "grade_id": f"test_{exercise}", "schema_version": 3}})
    cell.outputs = outputs
    [outcome] = outcomes(new_notebook(cells=[cell]))
    return outcome


def test_the_worker_reads_the_checkers_verdict_from_the_metadata_not_from_the_text():
    outputs, _ = _verdict(*WRONG)
    checked = _held_verdict(outputs[1])
    outputs[0].evalue = "[진단: dot_scores/other_code] 다른 글"  # the text alone would say another code
    outcome = _graded(outputs)
    assert outcome.points == 0 and outcome.verdict == checked and checked.code != "dot_scores/other_code"


def _forged(exercise: str = "dot_scores", **changes) -> NotebookNode:
    forged = {**Verdict(exercise, checks_passed=("reference",)).to_json(), **changes}
    return new_output("display_data", data={"text/plain": "[진단: dot_scores/none] 통과"},
                      metadata={VERDICT_KEY: forged})


def test_a_verdict_the_kernel_displays_in_a_test_cell_becomes_text_and_the_checkers_verdict_counts():
    kernel = [_forged(), new_output("stream", name="stdout", text="[진단: dot_scores/none]\n")]
    outputs, _ = _verdict(*WRONG)
    outcome = _graded(shown_not_scored(kernel) + outputs)
    assert outcome.points == 0 and outcome.verdict == _held_verdict(outputs[1])
    assert not shown_not_scored(kernel)[0].get("metadata")


@pytest.mark.parametrize("forged", [_forged(), _forged(code="dot_scores/none", kind="judged"), _forged("scale_scores")],
                         ids=["a second verdict", "a second failing verdict", "another exercise's verdict"])
def test_a_cell_holding_a_verdict_beside_the_checkers_is_read_from_its_text_and_keeps_its_points(forged):
    outputs, _ = _verdict(*WRONG)
    outcome = _graded([*outputs, forged])
    assert outcome.points == 0 and outcome.verdict.code == _held_verdict(outputs[1]).code
    assert outcome.verdict.kind is FailureKind.JUDGED
    assert not outcome.verdict.checks_failed  # read from the text, which does not say


@pytest.mark.parametrize("forged", [_forged(), _forged(exercise="x]")], ids=["a pass", "malformed"])
def test_a_failed_cell_whose_only_verdict_says_otherwise_is_read_from_its_text(forged):
    outputs, _ = _verdict(*WRONG)
    outcome = _graded([outputs[0], forged])
    assert outcome.points == 0 and outcome.verdict.code == _held_verdict(outputs[1]).code


# ---------------------------------------------------------------- partial credit, decided by the checker
NO_SCALING = ("import math\nimport torch", (FIXTURES / "ch03_padding_mask" / "wrong" / "masked_attention__no_scaling.py"
                                            ).read_text(encoding="utf-8"))
UNNAMED = ("import torch", "def masked_attention(query: torch.Tensor, key, value, mask=None):\n    return value, None")


def _credited(*cells: str, rule: CreditRule, kernel=()):
    namespace: dict = {"__name__": "__main__"}
    for cell in cells:
        exec(compile(cell, "<cell>", "exec"), namespace)  # noqa: S102 - the student's cells
    session = CheckSession(InProcessChannel(namespace), NotebookSource(list(cells)))
    outputs, _ = verdict_outputs("masked_attention", session, TEST_CASE_KEY, rule, 2.0)
    return _graded(shown_not_scored(list(kernel)) + outputs, "masked_attention"), outputs


def test_a_mistake_the_catalogue_credits_earns_its_share_only_where_the_course_gives_credit_by_diagnosis():
    credited, outputs = _credited(*NO_SCALING, rule=CreditRule.BY_DIAGNOSIS)
    assert credited.points == 1.0 and credited.verdict.code == "masked_attention/no_scaling"
    assert "부분 점수: 1점 / 2점" in outputs[0].data["text/plain"]  # what the student reads, with the diagnosis
    assert outputs[0].data["text/plain"].startswith("[진단: masked_attention/no_scaling]")
    not_credited, _ = _credited(*NO_SCALING, rule=CreditRule.ALL_OR_NOTHING)
    assert not_credited.points == 0 and not_credited.verdict == credited.verdict


# Answers the public draw's inputs (the lecture's examples and the hidden cases without the course's secret, which
# a student's own helpers package computes) as the credited mistake does, and returns V elsewhere.
PUBLIC_TABLE = ("""import torch
from helpers import misconceptions
from helpers.grading import core
_made = misconceptions.by_code("masked_attention/no_scaling").variant
_exercise = core.exercises()["masked_attention"]
_table = [(case.args[0], case.call(_made)) for case in core._diagnosis_cases(_exercise) if case.raises is None]
""", """def masked_attention(query: torch.Tensor, key, value, mask=None):
    for asked, answer in _table:
        if asked.shape == query.shape and torch.equal(asked, query):
            return answer
    return value, torch.ones(*query.shape[:-1], key.shape[-2])
""")


def test_a_table_of_the_public_inputs_answers_that_earns_a_credited_diagnosis_earns_no_credit():
    tabled, _ = _credited(*PUBLIC_TABLE, rule=CreditRule.BY_DIAGNOSIS)
    assert tabled.verdict.code == "masked_attention/no_scaling"  # the diagnosis is made on the public inputs
    assert tabled.points == 0  # the credit needs the mistake made on the secret ones too


# Right on the public draw's inputs (a table of the reference's answers), anything elsewhere: under per-check credit
# its checks are decided on the grader's own draw, which the table does not hold.
RIGHT_TABLE = (PUBLIC_TABLE[0].replace("from helpers import misconceptions", "from helpers import reference")
               .replace('misconceptions.by_code("masked_attention/no_scaling").variant', "reference.masked_attention"),
               PUBLIC_TABLE[1])
# exp without the row max taken out first: right on tidy inputs, NaN where every key of a row is hidden
UNSHIFTED = ("import math\nimport torch", (FIXTURES / "ch03_padding_mask" / "partial" /
                                          "masked_attention__unshifted.py").read_text(encoding="utf-8"))


def test_an_answer_keeps_the_shares_of_the_checks_it_passed_on_the_graders_draw_where_the_course_credits_checks():
    credited, outputs = _credited(*UNSHIFTED, rule=CreditRule.PER_CHECK)
    assert credited.verdict.checks_passed == ("tidy",) and credited.verdict.checks_failed == ("hard",)
    assert credited.points == 1.5
    shown = outputs[0].data["text/plain"]
    assert "채점 항목: ✓ 보통 크기의 입력 (75%) · ✗ 아주 큰 점수처럼 어려운 입력 (25%)" in shown
    assert "부분 점수: 1.5점 / 2점 (통과한 채점 항목 보통 크기의 입력: 배점의 75%)" in shown
    assert _credited(*UNSHIFTED, rule=CreditRule.ALL_OR_NOTHING)[0].points == 0


def test_a_table_of_the_public_inputs_right_answers_passes_no_check_of_the_graders_draw():
    tabled, _ = _credited(*RIGHT_TABLE, rule=CreditRule.PER_CHECK)
    assert tabled.points == 0 and tabled.verdict.checks_passed == ()


FORGED_POINTS = {
    "the cell's points as its result": new_output("execute_result", data={"text/plain": "2"}, execution_count=1),
    "a partial grade as its result": new_output("execute_result", data={"text/plain": "1.5"}, execution_count=1),
    "the checker's note, printed": new_output("stream", name="stdout", text="부분 점수: 2점 / 2점\n"),
}


@pytest.mark.parametrize("forged", FORGED_POINTS.values(), ids=FORGED_POINTS.keys())
def test_points_the_kernel_prints_in_a_test_cell_are_never_partial_credit(forged):
    credited, _ = _credited(*NO_SCALING, rule=CreditRule.BY_DIAGNOSIS, kernel=[forged])
    assert credited.points == 1.0  # the checker's share, not the kernel's
    unnamed, _ = _credited(*UNNAMED, rule=CreditRule.BY_DIAGNOSIS, kernel=[forged])
    assert unnamed.points == 0 and not unnamed.verdict.passed
    per_check, _ = _credited(*UNSHIFTED, rule=CreditRule.PER_CHECK, kernel=[forged])
    assert per_check.points == 1.5


def test_checks_a_kernel_claims_in_a_verdict_of_its_own_earn_nothing_per_check():
    claimed = _forged("masked_attention", code="masked_attention/mismatch", kind="judged",
                      checks_passed=["tidy", "hard"], checks_failed=["no_such_check"])
    unnamed, _ = _credited(*UNNAMED, rule=CreditRule.PER_CHECK, kernel=[claimed])
    assert unnamed.points == 0 and unnamed.verdict.checks_passed == ()


def test_a_notebook_stock_nbgrader_graded_is_read_from_its_text_with_the_wrong_parts_it_names():
    note = "[부품: self_attention → dot_scores/no_transpose] …"
    error = new_output("error", ename="CheckFailed", traceback=[],
                       evalue=f"[진단: self_attention/mismatch] self_attention: 다릅니다.\n{note}")
    outcome = _graded([error], "self_attention")
    assert outcome.verdict == Verdict("self_attention", "self_attention/mismatch",
                                      f"self_attention: 다릅니다.\n{note}",
                                      FailureKind.JUDGED, (WrongPart("dot_scores", "dot_scores/no_transpose"),))


# ---------------------------------------------------------------- a kernel that does not start
def test_a_kernel_that_never_becomes_ready_fails_the_submission_as_a_typed_reason(monkeypatch):
    async def never_ready(self, timeout=None):
        raise RuntimeError(f"Kernel didn't respond in {timeout} seconds")  # jupyter_client's words, read by nobody

    monkeypatch.setattr(ReadyClient, "wait_for_ready", never_ready)  # the grader's client (BoundedKernelClient)
    notebook = new_notebook(cells=[new_code_cell("1")])
    with pytest.raises(KernelDidNotStart) as raised:
        CheckedExecute(kernel_name="python3", timeout=30, case_key="00").preprocess(notebook, {})
    assert worker._reason(raised.value, "") == "커널을 시작하지 못했습니다"
    assert worker._reason(RuntimeError("Kernel didn't respond in 60 seconds"), "").startswith("nbgrader 오류")
