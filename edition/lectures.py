"""Re-execute the lecture notebooks in place, top to bottom, with stable metadata (course authoring).

    python course.py execute [NOTEBOOK ...]     (default: every notebooks/*.ipynb)

Outputs are what nbval later compares, so execution is made deterministic: a fresh kernel
per notebook started in notebooks/, no timing metadata, PNG figures, and only the kernelspec
and language name kept in the notebook metadata.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbconvert.preprocessors import CoalesceStreamsPreprocessor

from helpers.paths import ROOT

KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}


def execute_notebook(path: Path, timeout: int = 600) -> None:
    """Execute `path` in place; raise if a cell fails or writes to stderr."""
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(notebook, timeout=timeout, kernel_name="python3", record_timing=False,
                            resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    # one print is one stream output, however the kernel happened to split it into messages
    notebook, _ = CoalesceStreamsPreprocessor().preprocess(notebook, {})
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type != "code":
            cell.pop("outputs", None)
            cell.pop("execution_count", None)
        for output in cell.get("outputs", []):
            if output.output_type == "stream" and output.name == "stderr":
                raise RuntimeError(f"{path.name} cell {index} wrote to stderr:\n{output.text[:500]}")
        cell.metadata = {key: value for key, value in cell.metadata.items() if key in {"tags", "nbgrader"}}
    notebook.metadata = {"kernelspec": KERNELSPEC, "language_info": {"name": "python"}}
    nbformat.write(notebook, path)


def main(argv: list[str]) -> int:
    """Execute the notebooks named in `argv`, or every lecture notebook."""
    parser = argparse.ArgumentParser(prog="python course.py execute", description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path, metavar="NOTEBOOK",
                        help="lecture notebooks to execute (default: every notebooks/*.ipynb)")
    paths = parser.parse_args(argv).notebooks or sorted((ROOT / "notebooks").glob("*.ipynb"))
    for path in paths:
        print(f"executing {path}", flush=True)
        execute_notebook(path.resolve())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
