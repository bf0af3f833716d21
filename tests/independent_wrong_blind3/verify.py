"""Confirm that every answer of blind set 3 is wrong, by blind set 2's rule and inputs (its verify.py), with three
changes: one input more for `encode` (a sentence exactly `max_len` words long, which an off-by-one length check
gets wrong); the large-values `multi_head_attention` input on float32 weights (blind set 2's mixes float64 weights
into float32 inputs, so the reference itself raises there and the input catches nothing); and the reference
checked first, so that a difference proves something.

Run from the repository root:  .venv/bin/python tests/independent_wrong_blind3/verify.py
"""

from __future__ import annotations

import importlib.util
import math
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
_SPEC = importlib.util.spec_from_file_location("blind2_verify", HERE.parent / "independent_wrong_blind2" / "verify.py")
blind2 = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(blind2)  # puts the repository root on sys.path, so that helpers imports

import torch  # noqa: E402

from helpers import data, reference  # noqa: E402


def _large_values_every_key_masked_float32():
    """Blind set 2's last multi-head input, its weights float32 like its inputs."""
    weights = [blind2.randn(12, 12, seed=60 + i, dtype=torch.float64) / math.sqrt(12) for i in range(4)]
    mask = torch.ones(3, 1, 1, 5, dtype=torch.long)
    mask[2] = 0
    mask[0, ..., 3:] = 0
    return (blind2.randn(3, 5, 12, seed=65, scale=10.0), blind2.randn(3, 5, 12, seed=66, scale=10.0),
            blind2.randn(3, 5, 12, seed=67), *(w.float() for w in weights), 4, mask), {}


CASES = blind2.CASES
CASES["encode"].append(lambda: ((list(data.SENTENCES[0]), dict(data.VOCAB), len(data.SENTENCES[0])), {}))
CASES["multi_head_attention"][-1] = _large_values_every_key_masked_float32


def reference_passes() -> bool:
    """The reference itself must show no difference on any input (otherwise the check proves nothing)."""
    ok = True
    for function, cases in CASES.items():
        for i, case in enumerate(cases):
            reason = blind2.check_case(function, getattr(reference, function), case)
            if reason:
                print(f"REFERENCE-DIFFERS {function} case {i}: {reason}")
                ok = False
    print("reference passes every input" if ok else "reference does NOT pass every input")
    return ok


def main() -> int:
    reference_ok = reference_passes()
    return 0 if reference_ok and blind2.main(HERE) == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
