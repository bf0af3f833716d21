"""How an answer was written, read from the notebook's source: the rules a check cannot see in values.

The grading checker decides "must be built from the parts", "may not call the reference or the library's
attention" and "softmax by hand" from the code cells that ran before a test cell, not from the student's
kernel (which belongs to the student). :class:`NotebookSource` reads the cells' module-level bindings
(``def``, ``lambda``, imports) and follows a function into the functions of the student's own that it calls.
What static reading cannot follow (``exec``, ``getattr`` with a computed name, ``__import__``, a function
that is not a ``def`` or ``lambda``) is reported as an evasion for the instructor's review: never passed
silently, never a verdict of its own.

Runs in the grading worker only (the checker and the static scan): it never ships to a kernel or a student.
"""

from __future__ import annotations

import ast
import functools
from dataclasses import dataclass

from helpers.grading.rules import ATTENTION_NAMES, HUGGING_FACE_MODULES, MASK_BUILDERS, SOFTMAX_NAMES
from helpers.korean import Particle, attach

REFERENCE_MODULE = "helpers.reference"
GIVEN_MODULE = "helpers.given"  # the reference functions a notebook hands the student, re-exported
DYNAMIC_CALLS = frozenset({"exec", "eval", "compile", "__import__", "globals", "locals", "vars"})


@dataclass(frozen=True)
class Binding:
    """What a module-level name of the notebook was last bound to, before a given cell."""

    kind: str  # "function" (def or lambda), "reference" (a helpers.reference function), "reference_module",
    #            "module" (import of another module), "other"
    node: ast.AST | None = None  # the def or lambda
    target: str = ""  # the reference function's name, or the module's dotted name


@dataclass(frozen=True)
class Findings:
    """What reading one function found: the first forbidden use, and what could not be read."""

    forbidden: str | None = None
    evasions: tuple[str, ...] = ()


class NotebookSource:
    """The module-level bindings of a notebook's code cells, in the order they ran."""

    def __init__(self, cells: list[str]):
        self.bindings: dict[str, Binding] = {}
        self._findings: dict[tuple[str, bool, tuple[str, ...]], Findings] = {}  # read()'s, by its arguments
        for source in cells:
            tree = _parse(source)
            if tree is not None:
                for statement in _top_level(tree.body):
                    self._bind(statement)

    def _inside(self, function: ast.AST) -> dict[str, Binding]:
        """The bindings a function's code sees: the notebook's, and the imports inside the function itself."""
        local = NotebookSource([])
        local.bindings = dict(self.bindings)
        for node in ast.walk(function):
            if isinstance(node, ast.Import | ast.ImportFrom):
                local._bind(node)
        return local.bindings

    def _bind(self, statement: ast.stmt) -> None:  # noqa: C901 - one branch per kind of statement
        if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef):
            self.bindings[statement.name] = Binding("function", statement)
        elif isinstance(statement, ast.ClassDef):
            self.bindings[statement.name] = Binding("other")
        elif isinstance(statement, ast.ImportFrom):
            module = statement.module or ""
            for alias in statement.names:
                if alias.name == "*":  # every public name of the module: looked up when a name has no binding
                    self.bindings[f"*{module}"] = Binding("star", target=module)
                    continue
                bound = alias.asname or alias.name
                if module in (REFERENCE_MODULE, GIVEN_MODULE):
                    self.bindings[bound] = Binding("reference", target=alias.name)
                elif module == "helpers" and alias.name == "reference":
                    self.bindings[bound] = Binding("reference_module", target=REFERENCE_MODULE)
                else:
                    self.bindings[bound] = Binding("module", target=f"{module}.{alias.name}")
        elif isinstance(statement, ast.Import):
            for alias in statement.names:
                if alias.asname:
                    kind = "reference_module" if alias.name == REFERENCE_MODULE else "module"
                    self.bindings[alias.asname] = Binding(kind, target=alias.name)
                else:
                    root = alias.name.split(".")[0]
                    self.bindings[root] = Binding("module", target=root)
        elif isinstance(statement, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            value = statement.value
            for target in targets:
                for name in _assigned_names(target):
                    single = isinstance(target, ast.Name) and value is not None
                    self.bindings[name] = self._value_binding(value) if single else Binding("other")
        elif isinstance(statement, ast.Delete):
            for target in statement.targets:
                for name in _assigned_names(target):
                    self.bindings.pop(name, None)

    def _value_binding(self, value: ast.expr) -> Binding:
        """What `name = value` binds: a function (lambda), or what a name or attribute of the notebook leads to."""
        if isinstance(value, ast.Lambda):
            return Binding("function", value)
        path = _attribute_path(value)
        if path is None:
            return Binding("other")
        root, rest = path[0], path[1:]
        bound = self.bindings.get(root)
        if bound is None or not rest:
            return bound or Binding("other")
        if bound.kind == "reference_module":
            return Binding("reference", target=rest[0])
        if bound.kind == "module":
            return Binding("module", target=".".join([bound.target, *rest]))
        return Binding("other")

    def binding(self, name: str) -> Binding | None:
        return self.bindings.get(name)

    def names_called(self, name: str) -> frozenset[str]:
        """Global names (and attribute names) the code of the function `name` refers to, nested code included."""
        binding = self.bindings.get(name)
        if binding is None or binding.kind != "function":
            return frozenset()
        return frozenset(_names_in(binding.node))

    def names_reached(self, name: str) -> frozenset[str]:
        """names_called of `name` and of every function of the student's own it reaches."""
        reached: set[str] = set()
        for function in self.functions_reached(name):
            reached |= self.names_called(function)
        return frozenset(reached)

    def functions_reached(self, name: str) -> list[str]:
        """`name` and the student's own functions it calls, directly or through one another."""
        order, pending = [], [name]
        while pending:
            current = pending.pop()
            if current in order or self.bindings.get(current, Binding("other")).kind != "function":
                continue
            order.append(current)
            pending.extend(sorted(called for called in self.names_called(current)
                                  if self.bindings.get(called, Binding("other")).kind == "function"))
        return order

    def globals_read(self, name: str) -> frozenset[str]:
        """The notebook's variables (names a cell assigned a value, not a function or a module) that the function
        `name` and the functions of its own it reaches read."""
        read: set[str] = set()
        for function in self.functions_reached(name):
            node = self.bindings[function].node
            local = _local_names(node)
            read |= {inner.id for inner in ast.walk(node) if isinstance(inner, ast.Name)
                     and isinstance(inner.ctx, ast.Load) and inner.id not in local
                     and self.bindings.get(inner.id, Binding("function")).kind == "other"}
        return frozenset(read)

    def read(self, name: str, *, by_hand: bool, allowed: tuple[str, ...]) -> Findings:
        """The forbidden use and the evasions in the function `name` and the functions of its own it reaches; read
        once per arguments (a checker asks at every run of a case, and the bindings never change after the cells)."""
        key = (name, by_hand, allowed)
        if key not in self._findings:
            self._findings[key] = self._read(name, by_hand=by_hand, allowed=allowed)
        return self._findings[key]

    def _read(self, name: str, *, by_hand: bool, allowed: tuple[str, ...]) -> Findings:
        binding = self.bindings.get(name)
        if binding is None:
            return Findings()
        if binding.kind != "function":
            return Findings(evasions=(f"{attach(name, Particle.SUBJECT)} def나 lambda로 정의되지 않아 코드를 "
                                      "읽을 수 없습니다",))
        forbidden, evasions = None, []
        for function in self.functions_reached(name):
            node = self.bindings[function].node
            bindings = self._inside(node)
            local = _local_names(node)
            mask_owners = _mask_builder_owners(node)
            for inner in ast.walk(node):
                used = None if id(inner) in mask_owners else _forbidden_use(inner, bindings, local, by_hand=by_hand,
                                                                            allowed=allowed)
                if used and forbidden is None:
                    forbidden = used
                evasion = _evasion(inner)
                if evasion and evasion not in evasions:
                    evasions.append(f"{function}: {evasion}")
        return Findings(forbidden, tuple(evasions))


def _mask_builder_owners(function: ast.AST) -> set[int]:
    """The ids of the nodes that name the owner in a use of a mask builder (`torch.nn.Transformer` in
    `torch.nn.Transformer.generate_square_subsequent_mask`): the class is not called, only its helper that
    builds a mask, which no rule forbids."""
    exempt = set()
    for node in ast.walk(function):
        if isinstance(node, ast.Attribute) and any(
                node.attr == method and _last_name(node.value) == owner for owner, method in MASK_BUILDERS):
            exempt |= {id(inner) for inner in ast.walk(node.value)}
    return exempt


def _last_name(node: ast.AST) -> str | None:
    """'Transformer' for torch.nn.Transformer or a bare Transformer; None for anything else."""
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else None


def _forbidden_use(node: ast.AST, bindings: dict[str, Binding], local: set[str], *, by_hand: bool,
                   allowed: tuple[str, ...]) -> str | None:
    """What `node` uses that the exercise forbids, as the message names it; None when nothing. A name the
    function binds itself (an argument, a variable) is its own, whatever the notebook binds to that name."""
    if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id not in local:
        binding = bindings.get(node.id)
        if binding is None:
            return _star_use(node.id, bindings, by_hand=by_hand, allowed=allowed)
        if binding.kind == "reference":
            return None if binding.target in allowed else f"helpers.reference.{binding.target}"
        if binding.kind == "module" and binding.target.split(".")[0] in HUGGING_FACE_MODULES:
            return f"torch의 {binding.target} (Hugging Face 모델)"
        if binding.kind == "module":  # a library function imported under its own or another name
            return _library_use(binding.target.rsplit(".", 1)[-1], by_hand)
        return None
    if isinstance(node, ast.Attribute):
        return _attribute_use(_dotted(node.value), node.attr, bindings, local, by_hand=by_hand, allowed=allowed)
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr"
            and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str)):
        return _attribute_use(_dotted(node.args[0]), node.args[1].value, bindings, local, by_hand=by_hand,
                              allowed=allowed)
    return None


def _attribute_use(owner: str | None, attribute: str, bindings: dict[str, Binding], local: set[str], *,
                   by_hand: bool, allowed: tuple[str, ...]) -> str | None:
    """What `<owner>.<attribute>` uses that the exercise forbids."""
    root = bindings.get(owner.split(".")[0]) if owner and owner.split(".")[0] not in local else None
    if owner == REFERENCE_MODULE or (root is not None and root.kind == "reference_module" and "." not in owner):
        return None if attribute in allowed else f"helpers.reference.{attribute}"
    return _library_use(attribute, by_hand)


def _star_use(name: str, bindings: dict[str, Binding], *, by_hand: bool, allowed: tuple[str, ...]) -> str | None:
    """A name with no binding of its own, that a `from <module> import *` of the notebook may have bound."""
    for binding in bindings.values():
        if binding.kind != "star":
            continue
        if binding.target == REFERENCE_MODULE:
            from helpers import reference

            if callable(getattr(reference, name, None)) and not name.startswith("_") and name not in allowed:
                return f"helpers.reference.{name}"
        elif _library_use(name, by_hand):
            return _library_use(name, by_hand)
    return None


def _local_names(function: ast.AST) -> set[str]:
    """Names a function binds itself: its arguments, what it assigns, the functions and classes it defines."""
    names = set()
    arguments = function.args
    for argument in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs, arguments.vararg,
                     arguments.kwarg]:
        if argument is not None:
            names.add(argument.arg)
    for node in ast.walk(function):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store | ast.Del):
            names.add(node.id)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and node is not function:
            names.add(node.name)
    return names


def _library_use(name: str, by_hand: bool) -> str | None:
    if name in ATTENTION_NAMES:
        return f"torch의 {name}"
    if by_hand and name in SOFTMAX_NAMES:
        return f"라이브러리 softmax ({name})"
    return None


def _evasion(node: ast.AST) -> str | None:
    """What in `node` static reading cannot follow, in Korean; None when nothing."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        if node.func.id in DYNAMIC_CALLS:
            return f"{node.func.id}(…)로 읽을 수 없는 코드를 부릅니다 ({node.lineno}행)"
        named = len(node.args) >= 2 and isinstance(node.args[1], ast.Constant)
        if node.func.id in ("getattr", "setattr") and not named:
            return f"{node.func.id}에 계산한 이름을 씁니다 ({node.lineno}행)"
    if isinstance(node, ast.Attribute) and node.attr in ("__dict__", "__globals__", "__builtins__", "__code__",
                                                         "modules", "import_module"):
        return f"{attach(node.attr, Particle.TOWARD)} 이름을 우회해 찾습니다 ({node.lineno}행)"
    return None


def _names_in(node: ast.AST) -> set[str]:
    names = set()
    for inner in ast.walk(node):
        if isinstance(inner, ast.Name):
            names.add(inner.id)
        elif isinstance(inner, ast.Attribute):
            names.add(inner.attr)
    return names


def _attribute_path(node: ast.AST) -> list[str] | None:
    """['torch', 'nn', 'functional', 'softmax'] for torch.nn.functional.softmax or getattr(torch.nn.functional,
    'softmax'); None for anything else."""
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr"
            and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str)):
        owner = _attribute_path(node.args[0])
        return None if owner is None else [*owner, node.args[1].value]
    dotted = _dotted(node)
    return None if dotted is None else dotted.split(".")


def _dotted(node: ast.AST) -> str | None:
    attributes = []
    while isinstance(node, ast.Attribute):  # a loop: an attribute chain is as deep as it is long
        attributes.append(node.attr)
        node = node.value
    return ".".join([node.id, *reversed(attributes)]) if isinstance(node, ast.Name) else None


def _assigned_names(target: ast.AST) -> list[str]:
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, ast.Tuple | ast.List):
        return [name for item in target.elts for name in _assigned_names(item)]
    if isinstance(target, ast.Starred):
        return _assigned_names(target.value)
    return []


def _top_level(statements: list[ast.stmt]) -> list[ast.stmt]:
    """Module-level statements, those inside if/try/with/for blocks included, in order."""
    found = []
    for statement in statements:
        if isinstance(statement, ast.If | ast.For | ast.While | ast.With | ast.Try | ast.TryStar):
            inner = [getattr(statement, part, []) for part in ("body", "orelse", "finalbody")]
            inner += [handler.body for handler in getattr(statement, "handlers", [])]
            found.extend(_top_level([item for block in inner for item in block]))
        else:
            found.append(statement)
    return found


def as_python(source: str) -> str:
    """A cell as plain Python: IPython's magics and shell escapes (%time, !pip) turned into calls."""
    try:
        from IPython.core.inputtransformer2 import TransformerManager

        return TransformerManager().transform_cell(source)
    except Exception:  # noqa: BLE001 - a cell IPython cannot read is read as it is
        return source


@functools.lru_cache(maxsize=512)
def _parse(source: str) -> ast.Module | None:
    """A cell as Python's tree; None when it does not parse. Remembered: the checker reads the same cells again
    for every test cell after them (nothing mutates a tree)."""
    try:
        return ast.parse(as_python(source))
    except (SyntaxError, ValueError, RecursionError, MemoryError):  # deeper than the parser builds: no kernel runs it
        return None
