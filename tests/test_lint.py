"""The README's test command lints the repository with the rules pyproject.toml configures."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from helpers.paths import ROOT


def test_the_repository_passes_the_configured_lint():
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", str(ROOT)], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


def _in_hidden_region(notebook: Path, cell_number: int, row: int) -> bool:
    """Whether line `row` of cell `cell_number` (both as ruff counts them, from 1) is between nbgrader's hidden-test
    markers."""
    cell = json.loads(notebook.read_text(encoding="utf-8"))["cells"][cell_number - 1]
    before = "".join(cell["source"]).splitlines()[: row - 1]
    return "BEGIN HIDDEN TESTS" in "\n".join(before).split("END HIDDEN TESTS")[-1]


def test_import_order_is_waived_only_inside_the_source_notebooks_hidden_tests():
    """pyproject.toml waives isort (I001) for source/'s notebooks because a hidden-test cell's import, reload and
    check stay one block; every finding the waiver hides has to be inside such a block."""
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--isolated", "--line-length", "120",
                           "--select", "I001", "--output-format", "json", "--exit-zero", "source"], cwd=ROOT,
                          capture_output=True, text=True, check=True)
    findings = json.loads(done.stdout)
    outside = [f"{Path(f['filename']).name} cell {f['cell']} line {f['location']['row']}" for f in findings
               if not _in_hidden_region(Path(f["filename"]), int(f["cell"]), f["location"]["row"])]
    assert findings and not outside, f"import order waived outside a hidden-test block: {outside}"
