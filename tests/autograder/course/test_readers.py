"""Readers of student text survive any valid input (issue 41, items 3 and 6): the review scan reads code of any
depth Python parses and turns what it cannot read into a finding; a file nested past what any reader follows is not
a notebook (ValueError, the student's failure); what a submission wrote reaches a terminal as data."""

from __future__ import annotations

import io
import json

import pytest

from autograder.course.authorship import NotebookSource
from autograder.course.console import VisibleStream, table, visible
from autograder.course.notebook import parse_notebook
from autograder.course.scan import TAMPER, UNREADABLE, scan_cells, scan_notebook
from autograder.course.state import Outcome
from autograder.grading.summary import Row, Summary, closing_table
from helpers.korean import Particle, attach

TAMPERING = "import helpers\nhelpers.marker = 1\n"
DEEP = {  # code Python parses that is about a thousand levels deep
    "a 1000-term sum": "total = " + " + ".join(["1"] * 1000),
    "a 1000-long attribute chain": "value = x" + ".y" * 1000,
    "1000 chained subscripts": "value = x" + "[0]" * 1000,
    "1000 chained calls": "value = f" + "()" * 1000,
    "a 1000-deep conditional": "value = " + " if c else ".join(["1"] * 1000),
}


def _code(source: str) -> dict:
    return {"cell_type": "code", "metadata": {}, "source": source, "outputs": [], "execution_count": None}


@pytest.mark.parametrize("deep", DEEP.values(), ids=DEEP.keys())
def test_the_review_scan_reads_code_a_thousand_levels_deep_and_still_flags_the_cell(deep):
    findings = scan_cells([_code(TAMPERING + deep + "\n")])
    assert [(finding.kind, finding.code) for finding in findings] == [(TAMPER, "helpers.marker = 1")]


@pytest.mark.parametrize("deep", DEEP.values(), ids=DEEP.keys())
def test_the_checkers_source_reading_follows_a_graded_function_a_thousand_levels_deep(deep):
    def read(expression: str):
        source = NotebookSource([f"from helpers.reference import dot_scores as ref\nalias = {expression}\n"
                                 f"def dot_scores(Q, K):\n    value = {expression}\n    return ref(Q, K)\n"])
        return source.read("dot_scores", by_hand=(), allowed=())

    assert read(deep.partition(" = ")[2]) == read("0")  # the depth changes nothing of what is read


def test_code_deeper_than_the_parser_builds_is_a_finding_to_review_and_the_other_cells_are_still_read():
    findings = scan_cells([_code("x = " + " + ".join(["1"] * 100_000)), _code(TAMPERING)])
    assert [(finding.kind, finding.cell) for finding in findings] == [(UNREADABLE, "셀 1"), (TAMPER, "셀 2")]


def test_json_nested_5000_deep_is_not_a_notebook_and_the_scan_says_it_could_not_read_it(tmp_path):
    text = '{"cells": ' + "[" * 5000 + "]" * 5000 + "}"
    with pytest.raises(ValueError, match="깊게 중첩"):
        parse_notebook(text)
    path = tmp_path / "deep.ipynb"
    path.write_text(text, encoding="utf-8")
    assert [finding.kind for finding in scan_notebook(path)] == [UNREADABLE]


ATTACK = "\x1b]0;title\x07\x1b]52;c;cHduZWQ=\x07\x1b[1A\x1b[2K\r\x08\x9b2J\u202e"


def test_every_control_character_becomes_a_visible_escape_and_text_stays_as_it_is():
    shown = visible(f"학생 {ATTACK} 끝\n\t다음 줄")
    assert shown == ("학생 \\x1b]0;title\\x07\\x1b]52;c;cHduZWQ=\\x07\\x1b[1A\\x1b[2K\\x0d\\x08\\x9b2J\\u202e 끝\n"
                     "\t다음 줄")


def test_a_table_and_a_visible_stream_show_a_submissions_text_as_data():
    assert "\x1b" not in table(["학생"], [[ATTACK]])
    stream = io.StringIO()
    print(ATTACK, file=VisibleStream(stream))
    assert stream.getvalue() == visible(ATTACK) + "\n"


def test_the_closing_table_of_grade_escapes_a_findings_code_a_student_name_and_a_reason():
    findings = scan_cells([_code(f'import helpers\nhelpers.title = "{ATTACK[:-1]}"\n')])
    rows = [Row(f"s{ATTACK}", Outcome.GRADED, 1, 1, findings=tuple(findings)),
            Row("s2", Outcome.FAILED, note=f"노트북 {attach(f'{ATTACK}.ipynb', Particle.SUBJECT)} 없습니다")]
    text = closing_table(Summary("ch01", rows, 1.0, 1))
    assert not any(ord(ch) < 0x20 and ch != "\n" or 0x7F <= ord(ch) < 0xA0 for ch in text), json.dumps(text)
    assert "\\x1b]52;c;cHduZWQ=\\x07" in text
