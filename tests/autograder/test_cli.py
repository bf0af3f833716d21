"""course-grader's command line: the shared options in either place, one help page per command, the door."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from autograder import cli
from autograder.cli import SharedOptions, main, parse_arguments, shared_options, student_limits
from autograder.hub.server import HubSettings
from helpers.korean import Particle, attach
from helpers.paths import ROOT

CH01 = "ch01_handmade_qkv"

# Every command, with what it needs besides the shared options to parse.
COMMANDS = {
    "release": [CH01],
    "collect": [CH01, "export.zip"],
    "grade": [CH01],
    "feedback": [CH01],
    "export": [],
    "report": [CH01],
    "similarity": [CH01],
    "duedate": [CH01, "2026-03-09 23:59"],
    "hub start": ["--roster", "roster.csv", "--host", "hub.example.org"],
}
SHARED = ["--root", "/course", "--db-url", "postgresql://grader@127.0.0.1/attention", "--set", "Execute.timeout=7"]
EXPECTED = SharedOptions(Path("/course"), "postgresql://grader@127.0.0.1/attention", ("Execute.timeout=7",))


@pytest.mark.parametrize("command", COMMANDS)
def test_shared_options_mean_the_same_before_and_after_every_command(command):
    words = [*command.split(), *COMMANDS[command]]
    before = parse_arguments([*SHARED, *words])
    after = parse_arguments([*words, *SHARED])
    assert shared_options(before) == shared_options(after) == EXPECTED


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("option, first, second", [("--root", "/a", "/b"), ("--db-url", "sqlite:///a.db", "sqlite:///a.db")])
def test_a_single_valued_shared_option_given_in_both_places_is_an_error(command, option, first, second, capsys):
    words = [*command.split(), *COMMANDS[command]]
    with pytest.raises(SystemExit) as stopped:
        parse_arguments([option, first, *words, option, second])
    assert stopped.value.code == 2
    assert f"{attach(option, Particle.OBJECT)} 명령 앞과 뒤에 두 번 주었습니다" in capsys.readouterr().err


@pytest.mark.parametrize("command", COMMANDS)
def test_set_may_be_repeated_before_and_after_every_command(command):
    words = [*command.split(), *COMMANDS[command]]
    arguments = parse_arguments(["--set", "A.a=1", "--set", "B.b=2", *words, "--set", "C.c=3", "--set", "D.d=4"])
    assert arguments.overrides == ["A.a=1", "B.b=2", "C.c=3", "D.d=4"]


@pytest.mark.parametrize("step", ["release", "collect", "return"])
def test_a_hub_step_refuses_shared_options_it_would_not_use(step, capsys):
    assert main(["--root", "/course", "hub", step, CH01]) == 2
    assert f"hub {attach(step, Particle.TOPIC)} --root, --db-url, --set을 쓰지 않습니다" in capsys.readouterr().err


# ---------------------------------------------------------------- one help page per command
HELP = {  # command → its positional arguments and its options, as its --help prints them
    "release": (["과제"], []),
    "collect": (["과제_그리고_폴더_또는_zip"], ["--assignment", "--pattern", "--roster", "--dry-run"]),
    "grade": (["과제"], ["--jobs", "-j", "--student", "--force", "--timeout", "--no-sandbox", "--student-timeout",
                        "--scheduler"]),
    "feedback": (["과제"], ["--student"]),
    "export": ([], ["--format", "--to", "--assignment", "--roster", "--match", "--column", "--per-exercise"]),
    "report": (["과제"], ["--out"]),
    "similarity": (["과제"], ["--threshold", "--roster", "--out"]),
    "duedate": (["과제", "마감"], ["--timezone"]),
    "hub start": ([], ["--home", "--roster", "--instructor", "--ip", "--port", "--host", "--tls-cert", "--tls-key",
                       "--tls-in-front", "--student-memory", "--student-cpus", "--student-processes",
                       "--idle-timeout", "--disk-per-student"]),
    "hub release": (["과제"], ["--home"]),
    "hub collect": (["과제"], ["--home"]),
    "hub return": (["과제"], ["--home"]),
}
SHARED_FLAGS = ["--root", "--db-url", "--set"]


def _help_page(words: list[str], capsys) -> str:
    with pytest.raises(SystemExit) as stopped:
        parse_arguments([*words, "--help"])
    assert stopped.value.code == 0
    return capsys.readouterr().out


def _printed_options(page: str) -> tuple[list[str], list[str]]:
    """(positionals, option flags) of the sections of a help page, in the order printed."""
    positionals, flags = [], []
    section = ""
    for line in page.splitlines():
        if line and not line.startswith(" "):
            section = line
        elif section.startswith("인자") and re.match(r"^  \S", line):
            positionals.append(line.split()[0])
        elif re.match(r"^  -", line):
            flags += [word.rstrip(",") for word in line.split() if word.startswith("-")]
    return positionals, flags


@pytest.mark.parametrize("command", HELP)
def test_each_command_has_a_help_page_listing_exactly_its_options(command, capsys):
    page = _help_page(command.split(), capsys)
    assert page.startswith(f"사용법: course-grader {command}")
    positionals, flags = _printed_options(page)
    wanted_positionals, wanted_options = HELP[command]
    shared = [] if command.startswith("hub ") and command != "hub start" else SHARED_FLAGS
    assert positionals == wanted_positionals
    assert sorted(set(flags) - {"-h", "--help"}) == sorted(wanted_options + shared)


def test_the_main_help_lists_every_command_and_no_other(capsys):
    page = _help_page([], capsys)
    listed = re.findall(r"^    (\S+)", page, flags=re.MULTILINE)
    assert sorted(listed) == sorted({command.split()[0] for command in HELP})
    steps = re.findall(r"^    (\S+)", _help_page(["hub"], capsys), flags=re.MULTILINE)
    assert sorted(steps) == sorted(command.split()[1] for command in HELP if command.startswith("hub "))


# ---------------------------------------------------------------- the door
def _course(tmp_path: Path) -> Path:
    root = tmp_path / "course"
    shutil.copytree(ROOT / "source" / CH01, root / "source" / CH01)
    return root


def _course_grader(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "autograder", *args], capture_output=True, text=True, timeout=300,
                          cwd=ROOT)


@pytest.mark.parametrize("words", [["collect", "ch09_encoder", "export.zip"], ["grade", "ch09_encoder"],
                                   ["feedback", "ch09_encoder"], ["report", "ch09_encoder"],
                                   ["similarity", "ch09_encoder"], ["release", "ch09_encoder"],
                                   ["export", "--assignment", "ch09_encoder"],
                                   ["duedate", "ch09_encoder", "2026-03-09 23:59"]])
def test_every_command_refuses_an_assignment_source_does_not_have_and_names_those_it_has(tmp_path, words, capsys):
    root = _course(tmp_path)
    assert main(["--root", str(root), *words]) == 2
    error = capsys.readouterr().err.splitlines()[-1]
    assert error == (f"오류: 과제 ch09_encoder가 {root / 'source'}에 없습니다. 있는 과제: {CH01}")
    assert sorted(path.name for path in root.iterdir()) == ["source"]


def test_root_before_the_command_is_the_course_collect_writes_into(tmp_path):
    root = _course(tmp_path)
    download = tmp_path / "download"
    download.mkdir()
    shutil.copy(ROOT / "source" / CH01 / f"{CH01}.ipynb", download / f"2023100001_{CH01}.ipynb")
    completed = _course_grader("--root", str(root), "collect", CH01, str(download))
    assert completed.returncode == 0, completed.stderr
    assert (root / "submitted" / "2023100001" / CH01 / f"{CH01}.ipynb").is_file()
    assert not (ROOT / "submitted" / "2023100001").exists()


@pytest.mark.parametrize("step", ["release", "collect", "return"])
def test_a_hub_step_refuses_an_assignment_source_does_not_have_and_names_those_it_has(tmp_path, step, capsys):
    assert main(["hub", step, "ch09_encoder", "--home", str(tmp_path)]) == 2
    error = capsys.readouterr().err.splitlines()[-1]
    known = sorted(path.name for path in (ROOT / "source").iterdir() if path.is_dir())
    assert error == f"오류: 과제 ch09_encoder가 {ROOT / 'source'}에 없습니다. 있는 과제: {', '.join(known)}"
    assert list(tmp_path.iterdir()) == []


# ---------------------------------------------------------------- errors: one line for the user, a traceback for a bug
@pytest.mark.parametrize("words, wanted", [
    (["--set", "Execute.timeout", "report", CH01], "오류: 설정은 Section.option=값 꼴이어야 합니다: 'Execute.timeout'"),
    (["collect", CH01, "no-such-download"], "오류: 폴더나 zip 파일이 아닙니다: no-such-download"),
    (["export", "--format", "moodle", "--roster", "no-such-roster.csv"],
     "오류: 명단 파일이 없습니다: no-such-roster.csv"),
    (["export", "--match", "email"], "오류: --match, --column은 --format moodle이나 canvas에서만 씁니다"),
])
def test_what_the_user_can_fix_is_one_line_without_a_traceback(tmp_path, words, wanted, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["--root", str(_course(tmp_path)), *words]) == 2
    error = capsys.readouterr().err
    assert error.splitlines()[-1] == wanted and "Traceback" not in error


@pytest.mark.parametrize("bug", [ValueError("a bug of ours"), FileNotFoundError(2, "No such file", "/tmp/x")])
def test_a_bug_in_a_command_keeps_its_traceback(tmp_path, bug, monkeypatch):
    """A ValueError or FileNotFoundError nobody turned into a CourseError is a mistake in the tool: it is not
    reduced to one line (the interpreter prints its traceback and exits 1)."""
    def broken(arguments):
        raise bug

    monkeypatch.setitem(cli.COMMANDS, "report", broken)
    with pytest.raises(type(bug)):
        main(["--root", str(_course(tmp_path)), "report", CH01])


def test_hub_start_limits_default_to_the_hub_settings_defaults():
    arguments = parse_arguments(["hub", "start", "--roster", "roster.csv", "--host", "hub.example.org"])
    limits = student_limits(arguments)
    assert limits == {name: getattr(HubSettings, name) for name in limits}
