"""Confirm that every answer of blind set 5 is wrong, by blind set 4's chain: blind set 3's rule and inputs (its
verify.py, which builds on blind set 2's), with the reference checked first on every input, so that a difference
proves something.

Run from the repository root:  .venv/bin/python tests/independent_wrong_blind5/verify.py
"""

from __future__ import annotations

import importlib.util
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
_SPEC = importlib.util.spec_from_file_location("blind4_verify", HERE.parent / "independent_wrong_blind4" / "verify.py")
blind4 = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(blind4)  # loads blind set 3's and blind set 2's verify.py, which put the repository root on sys.path


def main() -> int:
    reference_ok = blind4.blind3.reference_passes()
    return 0 if reference_ok and blind4.blind3.blind2.main(HERE) == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
