"""The course's Validate: nbgrader's own Validator runs the notebook with the course's nbgrader_config.py, and the
result is said in Korean, the count of passing test cells first.

    python -m helpers.validation NOTEBOOK [NOTEBOOK ...]   # what `python course.py check` runs

Exit status 0 only when every test cell of every notebook passes, 1 otherwise (2 when a notebook cannot be read).
Nothing of nbgrader's English comes before the Korean result: the Validator is used without nbgrader's
applications (whose course folder settings warn about a relative root), and the kernel it starts logs errors only
(ipykernel warns about TCP without encryption at every start). What the kernel process writes past Python (a C
library's message, such as libzmq's assertion when a kernel ends) goes to a file, not to the terminal: it is shown
after a notebook that did not pass, before the last line, and nowhere when everything passed.
"""

from __future__ import annotations

import re
import sys
import tempfile
import textwrap
from dataclasses import dataclass, field
from pathlib import Path

import nbformat
from nbgrader.preprocessors import Execute
from traitlets import Unicode

from helpers.paths import ROOT
from helpers.prompt_kernels import PromptKernelManager

QUIET_KERNEL = "--IPKernelApp.log_level=ERROR"
ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
RULE = "=" * 72
KERNEL_STREAM_LINES = 20  # the last lines of what a kernel process wrote past Python, shown after a failure


class StreamsToFileKernelManager(PromptKernelManager):
    """A kernel manager whose kernel process writes its own stdout and stderr (below Python's, which reach the
    notebook) to the end of a file instead of to the terminal that started it."""

    streams_file = Unicode("", help="The file the kernel process's stdout and stderr are appended to; empty: "
                                    "inherit them as jupyter_client does.").tag(config=True)

    async def _async_launch_kernel(self, kernel_cmd: list[str], **kw):
        if not self.streams_file:
            return await super()._async_launch_kernel(kernel_cmd, **kw)
        with open(self.streams_file, "ab") as streams:  # the kernel keeps its own copy of the descriptor
            return await super()._async_launch_kernel(kernel_cmd, **kw, stdout=streams, stderr=streams)


class StreamsToFileExecute(Execute):
    """nbgrader's Execute preprocessor with a :class:`StreamsToFileKernelManager`."""

    def __init__(self, *args, **kwargs):
        kwargs["kernel_manager_class"] = StreamsToFileKernelManager  # Execute would set its own otherwise
        super().__init__(*args, **kwargs)


@dataclass(frozen=True)
class FailedCell:
    """A test cell that did not pass: its code and what it printed as the error (diagnosis first)."""

    source: str
    error: str


@dataclass(frozen=True)
class Validation:
    """What Validate found in one notebook."""

    notebook: Path
    tests: int  # the notebook's graded test cells
    failed: list[FailedCell] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)  # test cells whose code the student changed
    type_changed: list[str] = field(default_factory=list)  # graded cells whose type the student changed

    @property
    def passed(self) -> int:
        return 0 if self.changed or self.type_changed else self.tests - len(self.failed)

    @property
    def ok(self) -> bool:
        return self.tests > 0 and self.passed == self.tests


def course_config(root: Path = ROOT):
    """The course's nbgrader configuration, with a kernel that keeps its English warnings to itself."""
    from traitlets.config.loader import PyFileConfigLoader

    config = PyFileConfigLoader("nbgrader_config.py", path=str(root)).load_config()
    config.Execute.extra_arguments = [*config.Execute.get("extra_arguments", []), QUIET_KERNEL]
    return config


def graded_test_cells(path: Path) -> int:
    notebook = nbformat.read(path, as_version=4)
    return sum(1 for cell in notebook.cells
               if cell.cell_type == "code" and cell.metadata.get("nbgrader", {}).get("grade"))


def validate(path: Path, config=None, execute=None) -> Validation:
    """Run `path` as nbgrader's Validate does and return what it found; `execute`: the Execute preprocessor that
    runs it (nbgrader's own, which starts a fresh kernel, unless told; the Lab's forks one,
    :mod:`helpers.validate_kernels`)."""
    from nbgrader.preprocessors import CheckCellMetadata, ClearOutput
    from nbgrader.validator import Validator

    validator = Validator(config=config if config is not None else course_config(),
                          preprocessors=[CheckCellMetadata, ClearOutput, execute or Execute])
    results = validator.validate(str(path.resolve()))
    return Validation(
        notebook=path,
        tests=graded_test_cells(path),
        failed=[FailedCell(cell["source"], ANSI.sub("", cell["raw_error"]).strip())
                for cell in results.get("failed", [])],
        changed=[cell["source"] for cell in results.get("changed", [])],
        type_changed=[cell["source"] for cell in results.get("type_changed", [])],
    )


def summary(validation: Validation) -> str:
    """One line: the notebook and how many of its test cells passed."""
    name = validation.notebook.name
    if validation.type_changed:
        return f"{name}: 채점 셀 {len(validation.type_changed)} 개의 종류(코드/마크다운)가 바뀌어 검사하지 않았습니다."
    if validation.changed:
        return f"{name}: 테스트 셀 {len(validation.changed)} 개의 코드가 바뀌었습니다. 채점 때는 원래 셀로 돌아갑니다."
    if validation.ok:
        return f"{name}: 통과 — 테스트 셀 {validation.tests} 개 모두 통과했습니다."
    return f"{name}: 테스트 셀 {validation.tests} 개 중 {validation.passed} 개 통과, {len(validation.failed)} 개 실패."


def details(validation: Validation) -> str:
    """What to look at, cell by cell, after the summary: the error (the diagnosis comes first in it), then the code."""
    blocks = [f"{RULE}\n바뀐 셀:\n\n{textwrap.indent(source, '    ')}"
              for source in validation.type_changed or validation.changed]
    blocks += [f"{RULE}\n통과하지 못한 셀의 오류:\n\n{textwrap.indent(cell.error, '    ')}\n\n"
               f"그 셀의 코드:\n\n{textwrap.indent(cell.source, '    ')}" for cell in validation.failed]
    return "\n\n".join(blocks)


def overall(validations: list[Validation]) -> str:
    """The last line: how many notebooks and test cells passed."""
    notebooks = sum(validation.ok for validation in validations)
    passed = sum(validation.passed for validation in validations)
    tests = sum(validation.tests for validation in validations)
    verdict = "모두 통과했습니다" if notebooks == len(validations) else "아직 통과하지 못한 테스트가 있습니다"
    return (f"요약: 노트북 {len(validations)} 개 중 {notebooks} 개 통과, "
            f"테스트 셀 {tests} 개 중 {passed} 개 통과 — {verdict}.")


def kernel_streams(text: str) -> str:
    """The last lines of what a kernel process wrote past Python, under a line that says what they are."""
    lines = text.strip().splitlines()[-KERNEL_STREAM_LINES:]
    return (f"{RULE}\n커널 프로세스가 노트북 밖(터미널)에 남긴 출력 (마지막 {len(lines)} 줄):\n\n"
            + textwrap.indent("\n".join(lines), "    "))


def main(arguments: list[str]) -> int:
    paths = [Path(argument) for argument in arguments]
    unreadable = [path for path in paths if not path.is_file()]
    if not paths or unreadable:
        print(f"노트북 파일을 찾을 수 없습니다: {', '.join(map(str, unreadable)) or '(이름 없음)'}", file=sys.stderr)
        return 2
    config = course_config()
    validations = []
    with tempfile.NamedTemporaryFile(prefix="course-check-kernel-", suffix=".log") as streams:
        config.StreamsToFileKernelManager.streams_file = streams.name
        for path in paths:
            streams.truncate(0)
            validation = validate(path, config, execute=StreamsToFileExecute)
            validations.append(validation)
            print(summary(validation), flush=True)
            written = Path(streams.name).read_text(encoding="utf-8", errors="replace")
            shown = [text for text in (details(validation), written.strip() and kernel_streams(written)) if text]
            if not validation.ok and shown:
                print("\n\n".join(shown) + "\n", flush=True)
    print(overall(validations))
    return 0 if all(validation.ok for validation in validations) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
