"""Confirm that every answer of blind set 8 is wrong, by blind set 7's chain (blind set 6's, 5's, 4's, which uses
blind set 3's rule and inputs, built on blind set 2's verify.py), unchanged and with no input added: the reference
is checked first on every input, so that a difference proves something.

Run from the repository root:  .venv/bin/python tests/independent_wrong_blind8/verify.py
"""

from __future__ import annotations

import importlib.util
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
_SPEC = importlib.util.spec_from_file_location("blind7_verify", HERE.parent / "independent_wrong_blind7" / "verify.py")
blind7 = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(blind7)  # loads blind sets 6, 5, 4, 3 and 2's verify.py, which put the repository root on sys.path


def main() -> int:
    blind3 = blind7.blind6.blind5.blind4.blind3
    reference_ok = blind3.reference_passes()
    return 0 if reference_ok and blind3.blind2.main(HERE) == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
