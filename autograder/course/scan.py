"""Static review of a submission: what a student cell does to the grading environment.

Grading stays honest without it (locked cells are restored, and every hidden verdict is decided by the
grading checker outside the student's kernel); this scan only tells the instructor *who tried*, so they
can talk to the student. It never changes a score, and it is a hint, not a defence.

Findings, each with the cell (grade_id or position) and the line:
- ``변조 의심``: a student-editable cell assigns, deletes or ``setattr``s an attribute of
  ``helpers``, ``torch``, ``numpy``/``np``, ``pandas``, ``builtins``/``__builtins__`` or
  ``importlib``; changes ``sys.modules``; installs a profiler or tracer
  (``sys.setprofile``/``settrace``); rebinds a checking function the test cells import from
  ``helpers``; runs code the scan cannot read (``exec``/``eval``/``compile``); or writes files
  or starts processes (``open(…, "w")``, ``os.remove``, ``shutil``, ``subprocess``), which from
  the grading kernel could rewrite the checks on disk.
- ``잠긴 셀 수정``: a locked cell differs from the released one (nbgrader restores it).
- ``테스트 셀 삭제``: a graded test cell is missing (nbgrader adds it back).
- ``읽지 못함 — 검토``: a cell (or the whole notebook) the scan could not read; never an empty review.
- ``변조 의심`` too: a graded function whose code the checker's source reading cannot follow
  (``exec``, ``getattr`` with a computed name, ``__import__``, not a ``def``): the rules it decides from
  the source (no reference, no library attention, built from the parts) are unconfirmed for it.
"""

from __future__ import annotations

import ast
from dataclasses import asdict, dataclass
from pathlib import Path

from autograder.course.authorship import as_python
from autograder.course.notebook import cell_source, grade_id, nbgrader_metadata, read_notebook
from helpers.korean import Particle, attach

WATCHED_ROOTS = frozenset({"helpers", "torch", "numpy", "pandas", "builtins", "importlib"})
SYS_WATCHED = frozenset({"modules", "setprofile", "settrace", "meta_path", "path_hooks", "path_importer_cache"})
PROFILER_CALLS = {("sys", "setprofile"), ("sys", "settrace"), ("threading", "setprofile"), ("threading", "settrace"),
                  ("threading", "setprofile_all_threads"), ("threading", "settrace_all_threads")}
MUTATORS = frozenset({"pop", "popitem", "update", "clear", "setdefault", "__setitem__", "__delitem__"})
# Knobs a student may set legitimately (display options, backend switches): not findings.
ALLOWED_PREFIXES = (("pandas", "options"), ("torch", "backends"), ("numpy", "set_printoptions"))
# Calls that change files or start processes: a student function has no reason to, and from the
# grading kernel they could rewrite the checks on disk (see autograder/README.md).
FILE_AND_PROCESS = {
    "os": {"remove", "unlink", "rename", "renames", "replace", "rmdir", "removedirs", "system", "popen", "chmod",
           "chown", "symlink", "link", "truncate", "write", "kill", "killpg", "execv", "execve", "execvp", "spawnv",
           "fork", "makedirs", "mkdir", "utime"},
    "shutil": None,  # every function of shutil
    "subprocess": None,
}
WRITE_METHODS = frozenset({"write_text", "write_bytes", "unlink", "rmdir", "symlink_to", "hardlink_to", "chmod"})
DEFAULT_ALIASES = {"np": "numpy", "pd": "pandas", "torch": "torch", "numpy": "numpy", "pandas": "pandas",
                   "builtins": "builtins", "importlib": "importlib", "sys": "sys", "helpers": "helpers",
                   "threading": "threading", "os": "os", "shutil": "shutil", "subprocess": "subprocess"}

TAMPER = "변조 의심"
LOCKED_EDIT = "잠긴 셀 수정"
DELETED = "테스트 셀 삭제"
UNREADABLE = "읽지 못함 — 검토"
UNREAD = "채점기가 코드를 읽어 판단하는 규칙(기준 구현·라이브러리 금지, 부품 사용)을 확인하지 못함:"


@dataclass(frozen=True)
class Finding:
    """One thing the review scan flags in a submission, with where it is."""

    kind: str  # TAMPER, LOCKED_EDIT, DELETED or UNREADABLE
    cell: str  # grade_id, or "셀 N" (1-based position) for a cell without one
    line: int  # 1-based line in the cell, 0 when it is about the whole cell
    what: str  # Korean description
    code: str = ""  # the offending source line

    def describe(self) -> str:
        where = f"{self.cell}" + (f" {self.line}행" if self.line else "")
        return f"{where}: {self.what}" + (f"  `{self.code}`" if self.code else "")

    def to_dict(self) -> dict:
        return asdict(self)


def preorder(tree: ast.AST):
    """Every node of `tree`, each before its children and in source order, walked with an explicit stack: a
    thousand-term sum is a thousand levels deep, and no reader of student code may have a recursion limit."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(list(ast.iter_child_nodes(node))))


@dataclass(frozen=True)
class Write:
    """How a finding names a write: the particle after the written name (None: a fixed one in `text`), then
    the verb."""

    particle: Particle | None
    text: str

    def said_of(self, name: str) -> str:
        """'mod.x를 바꿈', 'mod.x에 대입'."""
        return (attach(name, self.particle) if self.particle else name) + self.text


class _Visitor:
    """Reads one cell's AST with the notebook's import aliases (name → dotted module)."""

    def __init__(self, aliases: dict[str, str], grader_names: set[str], lines: list[str]):
        self.aliases = aliases
        self.grader_names = grader_names
        self.lines = lines
        self.found: list[tuple[int, str]] = []

    def visit(self, tree: ast.AST) -> None:
        """Every node of `tree` given to its ``visit_<kind>`` reader, when it has one."""
        for node in preorder(tree):
            reader = getattr(self, f"visit_{type(node).__name__}", None)
            if reader is not None:
                reader(node)

    # -- resolving an expression to the module path it reaches
    def _dotted(self, node: ast.AST) -> list[str] | None:
        """['torch', 'Tensor', '__eq__'] for torch.Tensor.__eq__ (aliases resolved); None otherwise."""
        parts: list[str] = []
        while True:
            if isinstance(node, ast.Attribute):
                parts.append(node.attr)
                node = node.value
            elif isinstance(node, ast.Subscript):
                key = node.slice
                parts.append(repr(key.value) if isinstance(key, ast.Constant) else "[...]")
                node = node.value
            elif isinstance(node, ast.Call) and self._is_import_call(node):
                parts.append(node.args[0].value)
                break
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "vars" \
                    and len(node.args) == 1:
                parts.append("__dict__")
                node = node.args[0]
            elif isinstance(node, ast.Name):
                if node.id == "__builtins__":
                    parts.append("builtins")
                else:
                    parts.append(self.aliases.get(node.id, node.id if node.id in DEFAULT_ALIASES else "?" + node.id))
                break
            else:
                return None
        parts.reverse()
        return ".".join(parts).split(".")

    @staticmethod
    def _is_import_call(node: ast.Call) -> bool:
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        return (name in {"__import__", "import_module"} and node.args and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str))

    def _watched(self, path: list[str] | None) -> bool:
        if not path or len(path) < 2:
            return False
        root = path[0]
        if any(tuple(path[:len(prefix)]) == prefix for prefix in ALLOWED_PREFIXES):
            return False
        if root in WATCHED_ROOTS:
            return True
        return root == "sys" and path[1] in SYS_WATCHED

    @staticmethod
    def _writes(node: ast.Call) -> bool:
        """open(path, mode) with a mode that writes."""
        mode = node.args[1] if len(node.args) > 1 else next((k.value for k in node.keywords if k.arg == "mode"), None)
        if mode is None:
            return False
        if not isinstance(mode, ast.Constant):
            return True  # a computed mode: cannot tell, worth a look
        return isinstance(mode.value, str) and any(flag in mode.value for flag in "wax+")

    def _flag(self, node: ast.AST, what: str) -> None:
        self.found.append((getattr(node, "lineno", 0), what))

    # -- writes
    def _check_target(self, target: ast.AST, verb: Write) -> None:
        stack = [target]
        while stack:
            target = stack.pop()
            if isinstance(target, ast.Tuple | ast.List):
                stack.extend(reversed(target.elts))
            elif isinstance(target, ast.Starred):
                stack.append(target.value)
            elif isinstance(target, ast.Name):
                if target.id in self.grader_names:
                    self._flag(target, f"채점 함수 이름 {attach(target.id, Particle.OBJECT)} 다시 정의함")
            else:
                path = self._dotted(target)
                if self._watched(path):
                    self._flag(target, verb.said_of(".".join(path)))

    def visit_Assign(self, node: ast.Assign) -> None:
        for target in node.targets:
            self._check_target(target, Write(None, "에 대입"))

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        self._check_target(node.target, Write(Particle.OBJECT, " 바꿈"))

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is not None:
            self._check_target(node.target, Write(None, "에 대입"))

    def visit_Delete(self, node: ast.Delete) -> None:
        for target in node.targets:
            self._check_target(target, Write(Particle.OBJECT, " 지움"))

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        if node.name in self.grader_names:
            self._flag(node, f"채점 함수 이름 {attach(node.name, Particle.OBJECT)} 다시 정의함")

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        if node.name in self.grader_names:
            self._flag(node, f"채점 함수 이름 {attach(node.name, Particle.OBJECT)} 다시 정의함")

    def visit_Import(self, node: ast.Import | ast.ImportFrom) -> None:
        for alias in node.names:
            bound = alias.asname or alias.name.split(".")[0]
            if bound in self.grader_names and not (isinstance(node, ast.ImportFrom)
                                                    and (node.module or "").startswith("helpers")):
                self._flag(node, f"채점 함수 이름 {attach(bound, Particle.OBJECT)} 다른 것으로 바꿈")

    visit_ImportFrom = visit_Import

    # -- calls
    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        if isinstance(func, ast.Name) and func.id in {"setattr", "delattr"} and node.args:
            path = self._dotted(node.args[0])
            if path is not None and (self._watched(path + ["x"]) or self._watched(path)):
                self._flag(node, f"{func.id}({'.'.join(path)}, …) 호출")
        elif isinstance(func, ast.Name) and func.id in {"exec", "eval", "compile"}:
            self._flag(node, f"{func.id}()로 코드를 실행함 (정적 검사로 읽을 수 없음)")
        elif isinstance(func, ast.Name) and func.id == "open" and self._writes(node):
            self._flag(node, "open()으로 파일에 씀")
        elif isinstance(func, ast.Attribute) and func.attr in WRITE_METHODS:
            self._flag(node, f".{func.attr}()로 파일을 바꿈")
        elif isinstance(func, ast.Attribute):
            path = self._dotted(func)
            if path is not None:
                if tuple(path[-2:]) in PROFILER_CALLS and len(path) == 2:
                    self._flag(node, f"{'.'.join(path)}()로 프로파일러/추적기를 설치함")
                elif path[-1] in {"__setattr__", "__delattr__"} and node.args:
                    target = self._dotted(node.args[0])
                    if target is not None and (self._watched(target + ["x"]) or self._watched(target)):
                        self._flag(node, f"{path[-1]}({'.'.join(target)}, …) 호출")
                elif len(path) == 2 and path[0] in FILE_AND_PROCESS and (
                        FILE_AND_PROCESS[path[0]] is None or path[1] in FILE_AND_PROCESS[path[0]]):
                    self._flag(node, f"{'.'.join(path)}()로 파일이나 프로세스를 다룸")
                elif path[-1] in MUTATORS and len(path) >= 2 and (
                        path[:2] == ["sys", "modules"] or (path[0] in WATCHED_ROOTS and "__dict__" in path)):
                    self._flag(node, f"{'.'.join(path)}()로 모듈을 바꿈")


class CellUnreadable(Exception):
    """Code the scan cannot read although it may run (a syntax tree past what the parser builds, or memory)."""


def _tree(python: str) -> ast.Module | None:
    """The cell's syntax tree; None when it is not Python (the kernel cannot run it either); CellUnreadable when
    the parser gives up on code it did not reject."""
    try:
        return ast.parse(python)
    except SyntaxError:
        return None
    except (RecursionError, MemoryError) as error:
        raise CellUnreadable(type(error).__name__) from None


def _parsed_code_cells(cells: list[dict]):
    """(cell, syntax tree) of every code cell that parses (and can be read)."""
    for cell in cells:
        if cell.get("cell_type") != "code":
            continue
        try:
            tree = _tree(as_python(cell_source(cell)))
        except CellUnreadable:
            continue
        if tree is not None:
            yield cell, tree


def _aliases(cells: list[dict]) -> dict[str, str]:
    """Every import alias bound anywhere in the notebook: name → dotted module."""
    aliases: dict[str, str] = {}
    for _, tree in _parsed_code_cells(cells):
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.asname:
                        aliases[alias.asname] = alias.name
                    else:
                        root = alias.name.split(".")[0]
                        aliases[root] = root
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                for alias in node.names:
                    aliases[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    return aliases


def _grader_names(release_cells: list[dict]) -> set[str]:
    """Names the locked cells import from helpers (check_example, check_dot_scores, …)."""
    names: set[str] = set()
    for cell, tree in _parsed_code_cells(release_cells):
        if not nbgrader_metadata(cell).get("locked"):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("helpers"):
                names.update(alias.asname or alias.name for alias in node.names if alias.name != "*")
    return names


def _locked_cells(release_cells: list[dict]) -> tuple[dict[str, str], list[str]]:
    """The released notebook's locked cells (grade_id → source) and its graded test cells, in order."""
    locked, graded_tests = {}, []
    for cell in release_cells:
        meta = nbgrader_metadata(cell)
        if meta.get("grade_id") and meta.get("locked"):
            locked[meta["grade_id"]] = cell_source(cell)
            if meta.get("grade") and not meta.get("solution"):
                graded_tests.append(meta["grade_id"])
    return locked, graded_tests


def scan_cells(cells: list[dict], release_cells: list[dict] | None = None) -> list[Finding]:
    """Findings for a submitted notebook's cells, judged against the released notebook's cells."""
    release_cells = release_cells or []
    locked, graded_tests = _locked_cells(release_cells)
    aliases = {**DEFAULT_ALIASES, **_aliases(cells)}
    solutions = {grade_id(cell) for cell in release_cells if nbgrader_metadata(cell).get("solution")}
    grader_names = _grader_names(release_cells) | {"check_example"} | {f"check_{name}" for name in solutions if name}
    findings: list[Finding] = []
    seen_ids = set()
    for position, cell in enumerate(cells, start=1):
        meta = nbgrader_metadata(cell)
        cell_id = meta.get("grade_id")
        label = cell_id or f"셀 {position}"
        source = cell_source(cell)
        if cell_id:
            seen_ids.add(cell_id)
        if cell_id in locked:
            if source.strip() != locked[cell_id].strip():
                findings.append(Finding(LOCKED_EDIT, label, 0, "잠긴 셀을 고쳤습니다 (원본으로 되돌려 채점)"))
            continue
        if cell.get("cell_type") != "code":
            continue
        try:
            findings += _cell_findings(as_python(source), label, aliases, grader_names)
        except CellUnreadable as error:
            findings.append(Finding(UNREADABLE, label, 0,
                                    f"정적 검사가 이 셀을 읽지 못했습니다 ({error}): 직접 보세요"))
    for test_id in graded_tests:
        if test_id not in seen_ids:
            findings.append(Finding(DELETED, test_id, 0, "테스트 셀을 지웠습니다 (다시 넣어 채점)"))
    return findings + _unreadable_answers(cells, graded_tests)


def _cell_findings(python: str, label: str, aliases: dict[str, str], grader_names: set[str]) -> list[Finding]:
    """The TAMPER findings of one student code cell; CellUnreadable when it cannot be read."""
    tree = _tree(python)
    if tree is None:
        return []
    lines = python.splitlines()
    visitor = _Visitor(aliases, grader_names, lines)
    visitor.visit(tree)
    return [Finding(TAMPER, label, line, what, (lines[line - 1].strip() if 0 < line <= len(lines) else "")[:120])
            for line, what in visitor.found]


def _unreadable_answers(cells: list[dict], graded_tests: list[str]) -> list[Finding]:
    """What the checker could not read of each graded function (exec, computed names, not a def): the rules
    it decides from the source (no reference, no library attention, built from the parts) are unconfirmed."""
    from autograder.course.authorship import NotebookSource
    from helpers.grading.core import exercises

    known = exercises()
    graded = [known[name] for name in (test_id.removeprefix("test_") for test_id in graded_tests) if name in known]
    try:
        source = NotebookSource([cell_source(cell) for cell in cells if cell.get("cell_type") == "code"])
        read = [(exercise.name, source.read(exercise.name, by_hand=exercise.by_hand, allowed=exercise.allowed))
                for exercise in graded]
    except (RecursionError, MemoryError) as error:
        return [unread(f"{UNREAD} 소스를 읽지 못함 ({type(error).__name__}): 직접 보세요")]
    return [Finding(TAMPER, name, 0, f"{UNREAD} {evasion}") for name, found in read for evasion in found.evasions]


def unread(reason: str, where: str = "노트북") -> Finding:
    """The finding of a submission (or a part of it) a reader could not read: the instructor looks at it."""
    return Finding(UNREADABLE, where, 0, f"읽지 못했습니다: {reason}")


def scan_notebook(path: Path, release: Path | None = None) -> list[Finding]:
    """scan_cells for notebook files; one UNREADABLE finding when the submission cannot be read as a notebook."""
    try:
        cells = read_notebook(path).get("cells", [])
    except (OSError, ValueError, AttributeError) as error:
        return [unread(f"노트북이 아닙니다 ({type(error).__name__})")]
    release_cells = []
    if release is not None and Path(release).is_file():
        release_cells = read_notebook(release).get("cells", [])
    return scan_cells(cells if isinstance(cells, list) else [], release_cells)
