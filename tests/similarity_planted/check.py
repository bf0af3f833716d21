"""Check the planted pairs of issue 29 the way a student's notebook would (a script, not a pytest module).

Run from anywhere:  .venv/bin/python tests/similarity_planted/check.py [--no-notebook]

For every student named in pairs.toml (the planted ones here and the originals taken from
tests/independent_right):

1. hidden checks: the student's five cells are executed in order into one namespace that starts
   with the release notebook's setup cell, and after each cell `helpers.grading.check_<function>`
   and `check_example` run on it. Right answers must pass; the exercise a rare_wrong_copied pair
   names as wrong must FAIL its `check_<function>` (the message is printed).
2. notebook: the release notebook with the student's cells in place of its solution cells is run
   top to bottom with nbclient (errors allowed, so every test cell runs); the test cell of every
   right answer must pass.
3. pair shape: a comments_spacing_only copier has the same syntax tree as its original (docstrings
   left out); a renamed_reordered copier shares no local or helper name with its original and no
   function is the same up to renaming; a rare_wrong_copied copier is its original up to renaming in
   all five cells; a one_of_five copier is its original up to renaming in the copied cell and in no
   other.

Prints one block per student and per pair; exits 1 when anything is not as planted.
"""

import argparse
import ast
import contextlib
import io
import sys
import tomllib
from functools import partial
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
FUNCTIONS = {
    "ch01_handmade_qkv": ["dot_scores", "scale_scores", "row_softmax", "mix_values", "self_attention"],
    "ch05_multi_head": ["split_heads", "merge_heads", "causal_mask", "decoder_mask", "multi_head_attention"],
}


def release_notebook(assignment):
    import nbformat

    return nbformat.read(ROOT / "release" / assignment / f"{assignment}.ipynb", as_version=4)


def grade_id(cell):
    return cell.get("metadata", {}).get("nbgrader", {}).get("grade_id", "")


def cells_of(student, assignment):
    folder = ROOT / "tests" / student.split("/")[0] / assignment / student.split("/")[1]
    return {name: (folder / f"{name}.py").read_text(encoding="utf-8") for name in FUNCTIONS[assignment]}


def first_line(error):
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0] if text else ''}"


def hidden_checks(assignment, cells):
    """{function: (check outcome, check_example outcome)}, each None when it passed, else the message."""
    from helpers import grading

    setup = next(cell.source for cell in release_notebook(assignment).cells if grade_id(cell) == "setup")
    namespace = {"__name__": "__main__"}
    results = {}
    with contextlib.redirect_stdout(io.StringIO()):  # the setup cell and some checks print notes
        exec(compile(setup, "setup", "exec"), namespace)
        for name, code in cells.items():
            exec(compile(code, f"{name}.py", "exec"), namespace)
            outcomes = []
            for run in (getattr(grading, f"check_{name}"), partial(grading.check_example, name)):
                try:
                    run(namespace[name])
                    outcomes.append(None)
                except Exception as error:  # a failed check, or the student's code raising
                    outcomes.append(first_line(error))
            results[name] = tuple(outcomes)
    return results


def notebook_tests(assignment, cells):
    """{test grade_id: None when the cell ran without error, else the error}, from a real kernel."""
    from nbclient import NotebookClient

    notebook = release_notebook(assignment)
    for cell in notebook.cells:
        if cell.get("metadata", {}).get("nbgrader", {}).get("solution") and grade_id(cell) in cells:
            cell.source = cells[grade_id(cell)]
    client = NotebookClient(
        notebook, timeout=300, kernel_name="python3", allow_errors=True, resources={"metadata": {"path": str(ROOT)}}
    )
    client.execute()
    results = {}
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        errors = [out for out in cell.get("outputs", []) if out.get("output_type") == "error"]
        error = f"{errors[0]['ename']}: {errors[0]['evalue'].strip().splitlines()[0]}" if errors else None
        if cell.get("metadata", {}).get("nbgrader", {}).get("grade"):
            results[grade_id(cell)] = error
        elif error:  # a solution or setup cell that raised
            results[grade_id(cell) or "cell"] = error
    return results


def without_docstrings(code):
    tree = ast.parse(code)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (
            isinstance(body, list)
            and body
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
            and isinstance(body[0].value.value, str)
        ):
            node.body = body[1:] or [ast.Pass()]
    return tree


def up_to_renaming(code, graded):
    """The syntax tree without docstrings, every name except the graded function's own turned into n0, n1, …"""
    tree = without_docstrings(code)
    seen = {}

    def canon(name):
        return name if name == graded else seen.setdefault(name, f"n{len(seen)}")

    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            node.id = canon(node.id)
        elif isinstance(node, ast.arg):
            node.arg = canon(node.arg)
        elif isinstance(node, ast.FunctionDef):
            node.name = canon(node.name)
        elif isinstance(node, ast.alias):
            node.name = canon(node.name)
            node.asname = node.asname and canon(node.asname)
        elif isinstance(node, ast.ImportFrom):
            node.module = node.module and canon(node.module)
    return ast.dump(tree, annotate_fields=False)


def local_names(code, graded):
    """Names a student chose: assigned names, helper functions and their arguments (not the graded signature)."""
    tree = ast.parse(code)
    fixed = set()
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name == graded:
            fixed |= {arg.arg for arg in node.args.args}
        elif isinstance(node, ast.FunctionDef):
            names.add(node.name)
            names |= {arg.arg for arg in node.args.args}
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
    return names - fixed


def pair_shape(pair):
    """Problems with the pair's planted shape (empty when it is as the manifest says)."""
    assignment, kind, copied = pair["assignment"], pair["kind"], set(pair["copied"])
    original, copier = cells_of(pair["original"], assignment), cells_of(pair["copier"], assignment)
    problems, notes = [], []
    for name in FUNCTIONS[assignment]:
        same_tree = ast.dump(without_docstrings(original[name])) == ast.dump(without_docstrings(copier[name]))
        renamed_only = up_to_renaming(original[name], name) == up_to_renaming(copier[name], name)
        shared = local_names(original[name], name) & local_names(copier[name], name)
        if kind == "comments_spacing_only" and not same_tree:
            problems.append(f"{name}: the code differs, not only comments and spacing")
        if kind == "comments_spacing_only" and original[name] == copier[name]:
            problems.append(f"{name}: the file is identical")
        if kind == "renamed_reordered" and shared:
            problems.append(f"{name}: local names not renamed: {sorted(shared)}")
        if kind == "renamed_reordered" and renamed_only and local_names(original[name], name):
            problems.append(f"{name}: only renamed, nothing reordered")
        if kind == "rare_wrong_copied" and not renamed_only:
            problems.append(f"{name}: more than a renaming of the original")
        if kind == "one_of_five" and (name in copied) != renamed_only:
            problems.append(f"{name}: {'not' if name in copied else 'also'} a renaming of the original")
        notes.append(
            f"{name}: same tree {'yes' if same_tree else 'no'}, same up to renaming "
            f"{'yes' if renamed_only else 'no'}, shared local names {len(shared)}"
        )
    return problems, notes


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-notebook", action="store_true", help="skip the nbclient runs (hidden checks only)")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    pairs = tomllib.loads((HERE / "pairs.toml").read_text(encoding="utf-8"))["pair"]

    wrong = {}  # (assignment, student) -> exercises planted wrong
    students = []
    for pair in pairs:
        for role in ("original", "copier"):
            key = (pair["assignment"], pair[role])
            if key not in students:
                students.append(key)
            wrong.setdefault(key, set()).update(pair.get("wrong", []))
    planted_here = {(a, f"similarity_planted/{p.name}") for a in FUNCTIONS for p in (HERE / a).iterdir() if p.is_dir()}
    unnamed = planted_here - set(students)
    failures = [f"{a} {s}: a folder that no pair names" for a, s in sorted(unnamed)]

    totals = {"hidden right": [0, 0], "hidden planted wrong": [0, 0], "notebook right": [0, 0]}
    for assignment, student in students:
        cells = cells_of(student, assignment)
        print(f"== {assignment} {student}")
        for name, (hidden, example) in hidden_checks(assignment, cells).items():
            planted = name in wrong[(assignment, student)]
            bucket = totals["hidden planted wrong" if planted else "hidden right"]
            bucket[1] += 1
            if planted:
                bucket[0] += hidden is not None
                print(f"   {name:22s} planted wrong: check {'FAILS ' + hidden if hidden else 'PASSES (not planted!)'}")
                print(f"   {'':22s} check_example: {example or 'passes'}")
                if hidden is None:
                    failures.append(f"{assignment} {student} {name}: the planted mistake passes its check")
            else:
                bucket[0] += hidden is None and example is None
                print(f"   {name:22s} right: check {hidden or 'passes'}, check_example {example or 'passes'}")
                if hidden or example:
                    failures.append(f"{assignment} {student} {name}: {hidden or example}")
        if args.no_notebook:
            continue
        for cell, error in notebook_tests(assignment, cells).items():
            exercise = cell.removeprefix("test_")
            if exercise in wrong[(assignment, student)]:
                print(f"   notebook {cell:30s} (planted wrong) {error or 'passes'}")
                continue
            totals["notebook right"][1] += 1
            totals["notebook right"][0] += error is None
            print(f"   notebook {cell:30s} {error or 'passes'}")
            if error:
                failures.append(f"{assignment} {student} notebook {cell}: {error}")

    for pair in pairs:
        problems, notes = pair_shape(pair)
        print(f"== pair {pair['id']} ({pair['kind']}): {pair['original']} -> {pair['copier']}")
        for note in notes:
            print(f"   {note}")
        failures += [f"pair {pair['id']}: {problem}" for problem in problems]

    print("\n== totals")
    for label, (good, count) in totals.items():
        print(f"   {label}: {good}/{count} as planted")
    if failures:
        print("\nNOT AS PLANTED:")
        for failure in failures:
            print(f"   {failure}")
        return 1
    print(f"   {len(pairs)} pairs, {len(students)} submissions: all as planted")
    return 0


if __name__ == "__main__":
    sys.exit(main())
