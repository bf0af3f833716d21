"""autograder.course.authorship: the rules on how an answer was written, read from the notebook's source — a forbidden
use is found however it was imported or wherever the student's own functions hide it, what static reading cannot
follow is reported as an evasion, and honest code (a variable or a function of the student's named like a library
function) is left alone."""

from __future__ import annotations

import pytest

from autograder.course.authorship import Findings, NotebookSource

REFERENCE_USE = "helpers.reference.dot_scores"


def _read(*cells: str, name: str = "f", by_hand: bool = False, allowed: tuple[str, ...] = ()) -> Findings:
    return NotebookSource(list(cells)).read(name, by_hand=by_hand, allowed=allowed)


# ---------------------------------------------------------------- the course's reference
REFERENCE_IMPORTS = {
    "from-import at module level": ("from helpers.reference import dot_scores",
                                    "def f(Q, K):\n    return dot_scores(Q, K)"),
    "from-import under an alias": ("from helpers.reference import dot_scores as mine",
                                   "def f(Q, K):\n    return mine(Q, K)"),
    "import ... as R; R.x": ("import helpers.reference as R", "def f(Q, K):\n    return R.dot_scores(Q, K)"),
    "import helpers.reference; full dotted name": ("import helpers.reference",
                                                   "def f(Q, K):\n    return helpers.reference.dot_scores(Q, K)"),
    "from helpers import reference": ("from helpers import reference",
                                      "def f(Q, K):\n    return reference.dot_scores(Q, K)"),
    "from helpers import reference as ref": ("from helpers import reference as ref",
                                             "def f(Q, K):\n    return ref.dot_scores(Q, K)"),
    "from-import inside the function": ("import torch",
                                        "def f(Q, K):\n    from helpers.reference import dot_scores\n"
                                        "    return dot_scores(Q, K)"),
    "import as R inside the function": ("import torch",
                                        "def f(Q, K):\n    import helpers.reference as R\n"
                                        "    return R.dot_scores(Q, K)"),
    "a helper of the student's own calls it": ("from helpers.reference import dot_scores",
                                               "def helper(Q, K):\n    return dot_scores(Q, K)",
                                               "def f(Q, K):\n    return helper(Q, K) + 0"),
    "two helpers deep": ("from helpers import reference",
                         "def inner(Q, K):\n    return reference.dot_scores(Q, K)",
                         "def outer(Q, K):\n    return inner(Q, K)",
                         "def f(Q, K):\n    return outer(Q, K)"),
    "in a nested function": ("from helpers.reference import dot_scores",
                             "def f(Q, K):\n    def go():\n        return dot_scores(Q, K)\n    return go()"),
    "inside an if block of a cell": ("if True:\n    from helpers.reference import dot_scores",
                                     "def f(Q, K):\n    return dot_scores(Q, K)"),
}


@pytest.mark.parametrize("cells", REFERENCE_IMPORTS.values(), ids=REFERENCE_IMPORTS.keys())
def test_a_call_of_the_reference_is_forbidden_however_it_was_imported(cells):
    assert _read(*cells).forbidden == REFERENCE_USE


@pytest.mark.parametrize("cells", [REFERENCE_IMPORTS["from-import at module level"],
                                   REFERENCE_IMPORTS["from helpers import reference"],
                                   REFERENCE_IMPORTS["import ... as R; R.x"],
                                   REFERENCE_IMPORTS["a helper of the student's own calls it"]],
                         ids=["from-import", "module attribute", "alias attribute", "through a helper"])
def test_an_allowed_reference_function_is_not_forbidden_and_the_others_still_are(cells):
    assert _read(*cells, allowed=("dot_scores",)).forbidden is None
    assert _read(*cells, allowed=("scale_scores",)).forbidden == REFERENCE_USE


def test_a_later_def_of_the_same_name_replaces_the_reference_import():
    own = _read("from helpers.reference import dot_scores", "def dot_scores(Q, K):\n    return Q @ K.mT",
                "def f(Q, K):\n    return dot_scores(Q, K)")
    assert own.forbidden is None


def test_a_reference_import_that_the_function_does_not_use_is_not_forbidden():
    assert _read("from helpers.reference import dot_scores", "def f(Q, K):\n    return Q @ K.mT").forbidden is None


# ---------------------------------------------------------------- softmax by hand
SOFTMAX_USES = {
    "torch.softmax": ("import torch", "def f(x):\n    return torch.softmax(x, dim=-1)"),
    "F.softmax": ("import torch.nn.functional as F", "def f(x):\n    return F.softmax(x, dim=-1)"),
    "x.softmax(-1)": ("import torch", "def f(x):\n    return x.softmax(-1)"),
    "from torch.nn.functional import softmax": ("from torch.nn.functional import softmax",
                                                "def f(x):\n    return softmax(x, dim=-1)"),
    "imported softmax under an alias": ("from torch.nn.functional import softmax as sm",
                                        "def f(x):\n    return sm(x, dim=-1)"),
    "torch.nn.functional.softmax": ("import torch", "def f(x):\n    return torch.nn.functional.softmax(x, -1)"),
    "nn.Softmax": ("from torch import nn", "def f(x):\n    return nn.Softmax(dim=-1)(x)"),
    "torch.logsumexp": ("import torch", "def f(x):\n    return (x - torch.logsumexp(x, -1, keepdim=True)).exp()"),
    "softmax in a helper": ("import torch", "def helper(x):\n    return torch.softmax(x, -1)",
                            "def f(x):\n    return helper(x)"),
}


@pytest.mark.parametrize("cells", SOFTMAX_USES.values(), ids=SOFTMAX_USES.keys())
def test_a_library_softmax_is_forbidden_when_the_exercise_asks_for_it_by_hand(cells):
    found = _read(*cells, by_hand=True).forbidden
    assert found is not None and "softmax" in found.lower()


@pytest.mark.parametrize("cells", SOFTMAX_USES.values(), ids=SOFTMAX_USES.keys())
def test_a_library_softmax_is_fine_when_the_exercise_does_not_ask_for_it_by_hand(cells):
    assert _read(*cells, by_hand=False).forbidden is None


def test_a_local_variable_named_softmax_is_not_the_library_softmax():
    found = _read("import torch",
                  "def f(x):\n    softmax = x.exp()\n    return softmax / softmax.sum(-1, keepdim=True)", by_hand=True)
    assert found.forbidden is None


def test_a_local_variable_named_softmax_is_not_the_library_softmax_even_where_a_cell_imported_it():
    found = _read("from torch.nn.functional import softmax",
                  "def f(x):\n    softmax = x.exp()\n    return softmax / softmax.sum(-1, keepdim=True)", by_hand=True)
    assert found.forbidden is None


def test_a_students_own_function_named_softmax_is_not_the_library_softmax():
    own = "def softmax(x):\n    e = (x - x.max(-1, keepdim=True).values).exp()\n    return e / e.sum(-1, keepdim=True)"
    assert _read("import torch", own, "def f(x):\n    return softmax(x)", by_hand=True).forbidden is None


def test_a_students_own_softmax_is_read_too():
    own = "def softmax(x):\n    return torch.softmax(x, -1)"
    assert _read("import torch", own, "def f(x):\n    return softmax(x)", by_hand=True).forbidden is not None


# ---------------------------------------------------------------- the library's attention
ATTENTION_USES = {
    "F.scaled_dot_product_attention": ("import torch.nn.functional as F",
                                       "def f(q, k, v):\n    return F.scaled_dot_product_attention(q, k, v)"),
    "from-imported scaled_dot_product_attention": (
        "from torch.nn.functional import scaled_dot_product_attention as sdpa",
        "def f(q, k, v):\n    return sdpa(q, k, v)"),
    "nn.MultiheadAttention": ("from torch import nn", "def f(x):\n    return nn.MultiheadAttention(4, 2)(x, x, x)[0]"),
    "torch.nn.MultiheadAttention": ("import torch",
                                    "def f(x):\n    return torch.nn.MultiheadAttention(4, 2)(x, x, x)[0]"),
    "from torch.nn import MultiheadAttention": ("from torch.nn import MultiheadAttention",
                                                "def f(x):\n    return MultiheadAttention(4, 2)(x, x, x)[0]"),
}


@pytest.mark.parametrize("by_hand", [False, True])
@pytest.mark.parametrize("cells", ATTENTION_USES.values(), ids=ATTENTION_USES.keys())
def test_the_librarys_attention_is_always_forbidden(cells, by_hand):
    found = _read(*cells, by_hand=by_hand).forbidden
    assert found is not None and ("scaled_dot_product_attention" in found or "MultiheadAttention" in found)


def test_plain_tensor_code_is_not_forbidden_and_not_an_evasion():
    found = _read("import torch", "def f(q, k, v):\n    w = torch.exp(q @ k.mT)\n"
                                  "    return (w / w.sum(-1, keepdim=True)) @ v", by_hand=True)
    assert found == Findings()


# ---------------------------------------------------------------- "built from the parts"
PARTS = ("import torch",
         "def dot_scores(Q, K):\n    return Q @ K.mT",
         "def scores_of(Q, K):\n    return torch.matmul(Q, K.mT) * 0 + dot_scores(Q, K)",
         "def f(Q, K, V):\n    return scores_of(Q, K) @ V")


def test_names_reached_follows_the_students_own_functions():
    reached = NotebookSource(list(PARTS)).names_reached("f")
    assert {"scores_of", "dot_scores", "matmul"} <= reached


def test_names_called_is_the_functions_own_code_only():
    called = NotebookSource(list(PARTS)).names_called("f")
    assert "scores_of" in called
    assert "dot_scores" not in called and "matmul" not in called


def test_functions_reached_lists_the_function_and_the_students_functions_it_calls_once_each():
    source = NotebookSource([*PARTS, "def g(Q, K, V):\n    return f(Q, K, V) + f(Q, K, V) + g(Q, K, V)"])
    reached = source.functions_reached("g")
    assert sorted(reached) == ["dot_scores", "f", "g", "scores_of"]
    assert reached[0] == "g"


def test_names_reached_does_not_follow_a_library_function_or_an_import():
    source = NotebookSource(["import torch", "from helpers.reference import dot_scores",
                             "def f(Q, K):\n    return dot_scores(Q, K) + torch.zeros(1)"])
    assert source.functions_reached("f") == ["f"]


def test_names_of_a_name_that_is_not_a_function_are_empty():
    source = NotebookSource(["x = 3"])
    assert source.names_called("x") == frozenset() and source.names_reached("missing") == frozenset()


# ---------------------------------------------------------------- lambdas and aliases
def test_a_lambda_binding_is_read_as_a_function():
    cells = ("import torch", "f = lambda x: torch.softmax(x, -1)")
    assert {"torch", "softmax", "x"} <= NotebookSource(list(cells)).names_called("f")
    assert _read(*cells, by_hand=True).forbidden is not None
    assert _read(*cells, by_hand=True).evasions == ()


def test_an_alias_of_a_function_is_read_as_that_function():
    cells = ("import torch", "def h(x):\n    return torch.softmax(x, -1)", "f = h")
    assert _read(*cells, by_hand=True).forbidden is not None
    assert NotebookSource(list(cells)).names_called("f") == NotebookSource(list(cells)).names_called("h")


def test_a_rebinding_in_a_later_cell_is_what_counts():
    cells = ("import torch", "def f(x):\n    return torch.softmax(x, -1)",
             "def f(x):\n    e = x.exp()\n    return e / e.sum(-1, keepdim=True)")
    assert _read(*cells, by_hand=True).forbidden is None
    assert _read(*reversed(cells), by_hand=True).forbidden is not None


# ---------------------------------------------------------------- what static reading cannot follow
EVASIONS = {
    "exec": ("def f(x):\n    exec('y = x')\n    return x", "exec"),
    "eval": ("def f(x):\n    return eval('x * 2')", "eval"),
    "getattr with a computed name": ("import torch",
                                     "def f(x):\n    name = 'soft' + 'max'\n    return getattr(torch, name)(x, -1)",
                                     "getattr"),
    "__import__": ("def f(x):\n    return __import__('torch').exp(x)", "__import__"),
    "importlib.import_module": ("import importlib",
                                "def f(x):\n    return importlib.import_module('torch').exp(x)", "import_module"),
    "globals()": ("def f(x):\n    return globals()['g'](x)", "globals"),
    "__dict__": ("import torch", "def f(x):\n    return torch.__dict__['exp'](x)", "__dict__"),
}


@pytest.mark.parametrize("case", EVASIONS.values(), ids=EVASIONS.keys())
def test_what_static_reading_cannot_follow_is_reported_as_an_evasion(case):
    *cells, word = case
    found = _read(*cells)
    assert found.forbidden is None  # an evasion is for the review, not a verdict of its own
    assert len(found.evasions) == 1 and word in found.evasions[0]
    assert found.evasions[0].startswith("f: ")  # names the function it is in


def test_an_evasion_in_a_helper_of_the_students_own_is_reported_under_the_helpers_name():
    found = _read("def helper(x):\n    return eval('x')", "def f(x):\n    return helper(x)")
    assert [line.split(":")[0] for line in found.evasions] == ["helper"]


@pytest.mark.parametrize("binding", ["import functools, torch\nf = functools.partial(torch.exp)",
                                     "class F:\n    def __call__(self, x):\n        return x\nf = F()",
                                     "import torch\nf = torch.exp"],
                         ids=["functools.partial", "a callable object", "a library function assigned"])
def test_a_function_bound_by_something_other_than_def_or_lambda_is_an_evasion(binding):
    found = _read(binding)
    assert found.forbidden is None
    assert len(found.evasions) == 1 and "def나 lambda" in found.evasions[0]


def test_a_name_the_notebook_never_binds_gives_no_findings():
    assert _read("x = 1", name="f") == Findings()


HIDDEN_FORBIDDEN_USES = {
    "a library softmax assigned to a module-level name": (
        ("import torch", "sm = torch.softmax", "def f(x):\n    return sm(x, -1)"), True),
    "a reference function assigned to a module-level name": (
        ("from helpers import reference", "ds = reference.dot_scores", "def f(Q, K):\n    return ds(Q, K)"), False),
    "the library's attention assigned to a module-level name": (
        ("import torch.nn.functional as F", "attend = F.scaled_dot_product_attention",
         "def f(q, k, v):\n    return attend(q, k, v)"), False),
    "getattr with a constant name": (("import torch", "def f(x):\n    return getattr(torch, 'softmax')(x, -1)"), True),
    "a star import": (("from torch.nn.functional import *", "def f(x):\n    return softmax(x, -1)"), True),
}


@pytest.mark.parametrize("case", HIDDEN_FORBIDDEN_USES.values(), ids=HIDDEN_FORBIDDEN_USES.keys())
def test_a_forbidden_use_behind_a_name_static_reading_does_not_resolve_is_found_or_flagged(case):
    cells, by_hand = case
    found = _read(*cells, by_hand=by_hand)
    assert found.forbidden is not None or found.evasions, "passed silently"


# ---------------------------------------------------------------- IPython's own syntax in a cell
def test_ipython_magics_and_shell_escapes_do_not_break_reading_a_cell():
    cell = "%time x = 1\n!ls\n%matplotlib inline\nimport torch\ndef f(x):\n    return torch.softmax(x, -1)"
    assert _read(cell, by_hand=True).forbidden is not None


def test_a_shell_escape_assigned_inside_the_function_does_not_break_reading_it():
    cells = ("from helpers.reference import dot_scores", "def f(Q, K):\n    files = !ls\n    return dot_scores(Q, K)")
    assert _read(*cells).forbidden == REFERENCE_USE


def test_a_cell_that_does_not_parse_leaves_the_other_cells_read():
    cells = ("from helpers.reference import dot_scores", "def broken(:\n", "def f(Q, K):\n    return dot_scores(Q, K)")
    assert _read(*cells).forbidden == REFERENCE_USE


# ---------------------------------------------------------------- the notebook's variables a function reads
def test_the_notebook_variables_a_function_reads_are_found_through_its_own_helpers_but_not_its_locals():
    source = NotebookSource(["import torch\nV = torch.ones(4, 2)\nscale = 2.0\nunused = 1",
                             "def helper(w):\n    return w * scale",
                             "def f(weights, Q):\n    K = Q\n"
                             "    return helper(weights) @ V + torch.zeros(1) + K.sum()"])
    assert source.globals_read("f") == {"V", "scale"}


def test_a_function_that_reads_only_its_arguments_reads_no_notebook_variable():
    source = NotebookSource(["V = 1", "def f(weights, V):\n    return weights @ V"])
    assert source.globals_read("f") == frozenset()


def test_a_function_is_read_once_for_each_way_a_checker_asks(monkeypatch):
    source = NotebookSource(["from helpers.reference import dot_scores", "def f(Q, K):\n    return dot_scores(Q, K)"])
    walked = []
    original = NotebookSource._read
    monkeypatch.setattr(NotebookSource, "_read", lambda self, *args, **kwargs: walked.append(args) or original(
        self, *args, **kwargs))
    first = [source.read("f", by_hand=False, allowed=()) for _ in range(3)]
    allowed = source.read("f", by_hand=False, allowed=("dot_scores",))
    assert walked == [("f",), ("f",)]
    assert all(found is first[0] for found in first) and first[0].forbidden == REFERENCE_USE
    assert allowed.forbidden is None
