"""Whether a result matches the reference's, and when it does not, the first difference in Korean.

Same kind (tensor, array, table, tuple, number), same shape, same dtype family (bool, integer, floating), a torch
result the reference's float dtype exactly (the input's: float32 or float64) and a numpy one float32 or float64, values
within RTOL/ATOL; with `explain`, how a wrong tensor relates to the right one when a simple relation holds.
"""

from __future__ import annotations

import numbers

import numpy as np
import torch
from pandas import DataFrame

RTOL, ATOL = 1e-4, 1e-5  # float32 tolerance, applied to every floating comparison

def compare(expected, got, label: str, explain: bool = False, slack: float = 0.0) -> str | None:
    """None when `got` matches `expected` (same kind, shape, dtype family, values within
    RTOL/ATOL, ATOL widened by `slack` for tensors and arrays); otherwise a Korean sentence saying the first
    difference and, with `explain`, how the two relate when they do (a factor, a sign, a transpose,
    reordered rows or items)."""
    if isinstance(expected, torch.Tensor):
        return _compare_tensor(expected, got, label, explain=explain, slack=slack)
    if isinstance(expected, np.ndarray):
        if not isinstance(got, np.ndarray):
            return f"{label}: numpy 배열(np.ndarray)이어야 하는데 {type(got).__name__}입니다."
        return _compare_tensor(torch.from_numpy(expected), torch.from_numpy(got), label, kind="numpy 배열",
                               explain=explain, slack=slack)
    if isinstance(expected, DataFrame):
        return _compare_frame(expected, got, label)
    if isinstance(expected, tuple):
        return _compare_sequence(expected, got, label, "튜플", explain, slack)
    if isinstance(expected, list):
        return _compare_sequence(expected, got, label, "리스트", explain, slack)
    if isinstance(expected, dict):
        return _compare_mapping(expected, got, label, explain, slack)
    if isinstance(expected, bool) or isinstance(expected, numbers.Integral):
        if isinstance(got, bool) != isinstance(expected, bool) or not isinstance(got, numbers.Integral):
            return f"{label}: {type(expected).__name__}이어야 하는데 {short(got)}입니다."
        return None if got == expected else f"{label}: {expected!r}이어야 하는데 {got!r}입니다."
    if isinstance(expected, numbers.Real):
        if isinstance(got, torch.Tensor | np.ndarray) or not isinstance(got, numbers.Real):
            return f"{label}: 파이썬 숫자(float)여야 하는데 {type(got).__name__}입니다. 텐서라면 .item()을 쓰세요."
        return None if _close(float(expected), float(got)) else \
            f"{label}: {float(expected):.6g}이어야 하는데 {float(got):.6g}입니다."
    return None if _equal(got, expected) else f"{label}: {expected!r}이어야 하는데 {short(got)}입니다."


def _equal(got, expected) -> bool:
    """`got == expected` as one truth value; False where == gives none (tensors inside other containers)."""
    try:
        return bool(got == expected)
    except (RuntimeError, TypeError, ValueError):
        return False


def _compare_mapping(expected: dict, got, label: str, explain: bool, slack: float) -> str | None:
    """A dict (a wrong answer's result, compared with the same answer's run on the course's parts): the same keys,
    each value as compare judges it."""
    if not isinstance(got, dict):
        return f"{label}: 딕셔너리(dict)여야 하는데 {type(got).__name__}입니다."
    if set(map(repr, got)) != set(map(repr, expected)):
        return f"{label}: 키가 {sorted(map(repr, expected))}여야 하는데 {sorted(map(repr, got))}입니다."
    by_repr = {repr(key): item for key, item in got.items()}
    for key, item in expected.items():
        difference = compare(item, by_repr[repr(key)], f"{label}[{key!r}]", explain=explain, slack=slack)
        if difference is not None:
            return difference
    return None


def _compare_tensor(expected: torch.Tensor, got, label: str, kind: str = "torch 텐서",
                    explain: bool = False, slack: float = 0.0) -> str | None:
    if not isinstance(got, torch.Tensor):
        return f"{label}: {kind}여야 하는데 {type(got).__name__}입니다."
    if tuple(got.shape) != tuple(expected.shape):
        reordered = (" 축의 길이는 같고 순서만 다릅니다: transpose/permute나 view의 순서를 확인하세요."
                     if explain and sorted(got.shape) == sorted(expected.shape) else "")
        return f"{label}: 모양이 {list(expected.shape)}이어야 하는데 {list(got.shape)}입니다.{reordered}"
    if expected.dtype == torch.bool and got.dtype != torch.bool:
        return f"{label}: True/False (bool)여야 하는데 dtype이 {got.dtype}입니다."
    if expected.is_floating_point() and not got.is_floating_point():
        return f"{label}: 실수(float)여야 하는데 dtype이 {got.dtype}입니다."
    if expected.dtype != torch.bool and not expected.is_floating_point() and got.is_floating_point():
        return f"{label}: 정수(int)여야 하는데 dtype이 {got.dtype}입니다."
    if expected.is_floating_point():
        wrong_float = _wrong_float_dtype(expected, got, label, kind)
        if wrong_float:
            return wrong_float
    expected64, got64 = expected.detach().double(), got.detach().double()
    both_nan = expected64.isnan() & got64.isnan()
    same_inf = expected64.isinf() & (expected64 == got64)
    close = (got64 - expected64).abs() <= ATOL + slack + RTOL * expected64.abs()
    bad = ~(close | both_nan | same_inf)
    if not bool(bad.any()):
        return None
    position = tuple(int(i) for i in bad.nonzero()[0].tolist())
    count = int(bad.sum())
    relation = _relation(expected64, got64) if explain else ""
    return (f"{label}: 위치 {position}에서 {_number(expected64[position])}이어야 하는데 "
            f"{_number(got64[position])}입니다 ({bad.numel()}칸 중 {count}칸이 다릅니다)."
            + (f" 살펴보면 {relation}" if relation else ""))


def only_dtype_differs(expected, got) -> bool:
    """True when `got` is wrong only by the dtype rule: given the expected float dtypes, it matches."""
    return compare(expected, got, "") is not None and compare(expected, _with_dtypes_of(expected, got), "") is None


def _with_dtypes_of(expected, got):
    """`got` with each floating tensor or array cast to the dtype of its counterpart in `expected`."""
    if isinstance(expected, torch.Tensor) and isinstance(got, torch.Tensor):
        return got.to(expected.dtype) if expected.is_floating_point() and got.is_floating_point() else got
    if isinstance(expected, np.ndarray) and isinstance(got, np.ndarray):
        return got.astype(expected.dtype) if expected.dtype.kind == got.dtype.kind == "f" else got
    if isinstance(expected, tuple | list) and isinstance(got, tuple | list) and len(expected) == len(got):
        return type(got)(_with_dtypes_of(want, have) for want, have in zip(expected, got))
    return got


def _wrong_float_dtype(expected: torch.Tensor, got: torch.Tensor, label: str, kind: str) -> str | None:
    """The dtype rule the texts state: a torch result keeps the input's float dtype (the reference's: float32 for
    float32 input, float64 for float64); a numpy result may be float32 or float64. float16 is wrong on both."""
    if kind == "numpy 배열":
        if got.dtype in (torch.float32, torch.float64):
            return None
        return f"{label}: float32나 float64 배열이어야 하는데 dtype이 {got.dtype}입니다."
    if got.dtype == expected.dtype:
        return None
    return (f"{label}: dtype이 {expected.dtype}이어야 하는데 {got.dtype}입니다. 결과는 입력과 같은 실수 dtype으로 "
            f"돌려주세요 (float32 입력에는 float32, float64 입력에는 float64).")


def _all_close(expected: torch.Tensor, got: torch.Tensor) -> bool:
    """Every value within tolerance, infinities and NaNs where the other has them (float64 inputs)."""
    return expected.shape == got.shape and bool(torch.isclose(got, expected, rtol=RTOL, atol=ATOL,
                                                              equal_nan=True).all())


def _relation(expected: torch.Tensor, got: torch.Tensor) -> str:
    """How a wrong tensor relates to the right one, in Korean, when a simple relation holds (checked on
    the values, not guessed): opposite sign, a constant factor, a constant offset, the last two axes
    transposed, the rows (second-last axis) reordered. "" when none holds."""
    finite = expected.isfinite() & got.isfinite()
    if not bool(finite.all()) or expected.numel() < 2:
        return ""
    if _all_close(-expected, got):
        return "모든 값의 부호가 반대입니다."
    factor = constant_factor(expected, got)
    if factor is not None:
        return f"모든 값이 기준의 {factor:.4g}배입니다 (곱하거나 나누는 수를 확인하세요)."
    offset = float((got - expected).mean())
    if _all_close(expected + offset, got):
        return f"모든 값이 기준보다 {offset:+.4g}만큼 차이 납니다 (더하거나 빼는 항을 확인하세요)."
    if expected.dim() >= 2 and expected.shape[-1] == expected.shape[-2] and \
            _all_close(expected.transpose(-2, -1), got):
        return "기준의 마지막 두 축을 바꾼(전치한) 값입니다: 줄과 열이 뒤바뀌었습니다."
    order = _row_order(expected, got)
    if order is not None:
        return f"줄(행)의 값은 모두 맞고 순서만 다릅니다: 받은 줄은 기준의 줄 번호(0부터) {order} 순서입니다."
    return ""


def constant_factor(expected: torch.Tensor, got: torch.Tensor) -> float | None:
    """λ when `got` is λ · `expected` in every value (float64 tensors of one shape, finite, λ not 0), else None."""
    if expected.shape != got.shape or not bool((expected.isfinite() & got.isfinite()).all()):
        return None
    energy = float((expected * expected).sum())
    if energy <= 0:
        return None
    factor = float((expected * got).sum()) / energy
    return factor if abs(factor) > ATOL and _all_close(expected * factor, got) else None


def _row_order(expected: torch.Tensor, got: torch.Tensor) -> list[int] | None:
    """The order of the expected rows (second-last axis) that `got` holds, when it is the same rows
    reordered in the same way in every matrix of the batch; None otherwise."""
    if expected.dim() < 2 or expected.shape[-2] < 2:
        return None
    rows_expected = expected.reshape(-1, *expected.shape[-2:])  # [batch, S, d]
    rows_got = got.reshape(-1, *got.shape[-2:])
    close = torch.isclose(rows_got.unsqueeze(-2), rows_expected.unsqueeze(-3), rtol=RTOL, atol=ATOL).all(-1)
    matched = close.all(0)  # [S got, S expected]: the same pairing in every matrix
    order = [int(row.nonzero()[0]) if bool(row.any()) else -1 for row in matched]
    if -1 in order or sorted(order) != list(range(len(order))) or order == sorted(order):
        return None
    return order


def _compare_frame(expected: DataFrame, got, label: str) -> str | None:
    if not isinstance(got, DataFrame):
        return f"{label}: pandas DataFrame이어야 하는데 {type(got).__name__}입니다."
    if list(got.columns) != list(expected.columns):
        return f"{label}: 열 이름이 {list(expected.columns)}이어야 하는데 {list(got.columns)}입니다."
    if len(got) != len(expected):
        return f"{label}: 행이 {len(expected)}개여야 하는데 {len(got)}개입니다."
    for column in expected.columns:
        try:
            want = torch.tensor(expected[column].to_numpy(dtype=float))
            have = torch.tensor(got[column].to_numpy(dtype=float))
        except (TypeError, ValueError):
            return f"{label}: 열 {column!r}에 숫자가 아닌 값이 있습니다."
        difference = _compare_tensor(want, have, f"{label}의 열 {column!r}")
        if difference is not None:
            return difference.replace("위치 (", "행 (")
    return None


def _compare_sequence(expected, got, label: str, kind_name: str, explain: bool = False,
                      slack: float = 0.0) -> str | None:
    if type(got) is not type(expected):  # a list for a tuple too: the exercise says which it returns
        return f"{label}: 값 {len(expected)}개의 {kind_name}이어야 하는데 {type(got).__name__}입니다."
    if len(got) != len(expected):
        return f"{label}: 값 {len(expected)}개를 돌려줘야 하는데 {len(got)}개입니다." + (
            _items_kept(expected, got) if explain else "")
    for index, (want, have) in enumerate(zip(expected, got)):
        difference = compare(want, have, f"{label}[{index}]", explain, slack)
        if difference is not None:
            reordered = item_order(expected, got) if explain else None
            if reordered is not None:
                return (f"{label}: 값은 모두 맞고 순서만 다릅니다. 받은 값은 차례로 기준의 "
                        f"{', '.join(str(index + 1) for index in reordered)} 번째 값입니다.")
            return difference
    return None


def item_order(expected, got) -> list[int] | None:
    """Which expected item each returned item is, when the items are right but reordered."""
    order = []
    for have in got:
        matches = [index for index, want in enumerate(expected)
                   if index not in order and compare(want, have, "") is None]
        if not matches:
            return None
        order.append(matches[0])
    return order if order != sorted(order) else None


def _items_kept(expected, got) -> str:
    """' 받은 값은 기준의 0, 2 번째 값입니다.' when every returned item is one of the expected ones."""
    found = [next((index for index, want in enumerate(expected) if compare(want, have, "") is None), None)
             for have in got]
    if None in found:
        return ""
    return (f" 받은 값은 차례로 기준의 {', '.join(str(index + 1) for index in found)} 번째 값입니다 "
            "(빠지거나 더해진 값이 있습니다).")


def _close(expected: float, got: float) -> bool:
    if np.isnan(expected) or np.isnan(got):
        return bool(np.isnan(expected) and np.isnan(got))
    return abs(got - expected) <= ATOL + RTOL * abs(expected)


def _number(value: torch.Tensor) -> str:
    return f"{float(value):.6g}"


def short(value) -> str:
    text = repr(value)
    return text if len(text) <= 120 else text[:117] + "..."
