"""Mistakes of any exercise, found by probing the answer rather than by matching a catalogued variant.

The catalogue's chapter modules name a wrong answer by the wrong formula it computes; these kinds name it by
how it behaves when one thing about the input changes (an argument, a mask, the size of the numbers), which
needs no variant written in advance. Each kind is reported as ``<exercise>/<kind>`` (``dot_scores/
ignores_argument``), and two mistakes found together as ``<exercise>/<id>+<id>`` (ids in alphabetical order:
two catalogued entries, or an entry and ``constant_factor``).

The first eleven kinds were frozen on 2026-12-01, before the first blind set of issue #28 was written: its
answer keys use only them. The four after them (an error that says what was misused, a result off by one
constant) were added on 2026-12-02, after the held-out set and the first blind set's test half had been
measured; the held-out keys cite them as such. All fifteen were frozen on 2026-12-02 before the second blind set
(tests/independent_wrong_blind2) was written, and before the third (tests/independent_wrong_blind3). The sixteenth
(a matrix argument used transposed) was added on 2026-12-05 while tuning on the third set's tuning half, the
seventeenth (one position's input reaching other positions' results), the eighteenth (a division upside down) and
the nineteenth (a result rounded) on 2026-12-07 after the sixth set's test half, and the last five (a function of
the right result, rows rescaled one by one, a factor that follows a number argument, the right formula of a changed
argument, an added offset) on 2026-12-07 after the seventh set's test half.

Each message is Korean, for the student, with ``{…}`` fields the probe fills in (what it varied, what it
saw); the lecture pointer is the exercise's own (``Exercise.lecture``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Probe(Enum):
    """What a probe finds; the value is the code's second half."""

    IGNORES_ARGUMENT = "ignores_argument"  # an argument (tensor, list, mask, generator) never reaches the result
    USES_NOTEBOOK_GLOBAL = "uses_notebook_global"  # …because a variable of the notebook is used in its place
    PARAMETER_NOT_PASSED = "parameter_not_passed"  # a number argument (eps, pad_id, num_heads, seed) has no effect
    WRONG_TYPE = "wrong_type"  # numpy for torch, a tensor for numpy, a list or tuple for an array, …
    WRONG_DTYPE = "wrong_dtype"  # bool, integer or floating result where another family is asked for
    WRONG_SHAPE = "wrong_shape"  # the result's shape differs (an axis dropped, added or merged)
    WRONG_EXCEPTION = "wrong_exception"  # another exception class than the one asked for, or none
    DEFAULT_FAILS = "default_fails"  # wrong or an error only when an optional argument keeps its default
    MASK_SENSE = "mask_sense"  # the mask read the other way round: hides what it should keep
    MASK_AXIS = "mask_axis"  # the mask applied along another axis (queries for keys, …)
    NUMERICALLY_FRAGILE = "numerically_fragile"  # right on tidy inputs, wrong on large, tiny or extreme ones
    VALUES_INDICES_PAIR = "values_indices_pair"  # max/min/sort(dim=…)'s (values, indices) pair used as a tensor
    SCALAR_FUNCTION_ON_TENSOR = "scalar_function_on_tensor"  # math.exp, math.erf, float() given many numbers
    INDEX_BEYOND_TABLE = "index_beyond_table"  # a table's rows looked up by numbers that are not its row numbers
    CONSTANT_FACTOR = "constant_factor"  # every value the right one (or a catalogued mistake's) times one number
    TRANSPOSED_ARGUMENT = "transposed_argument"  # a matrix argument used with its rows and columns swapped
    MIXES_POSITIONS = "mixes_positions"  # one position's input moves results of positions it must not reach
    RECIPROCAL = "reciprocal"  # every value one number over the right one: a division written upside down
    ROUNDED_RESULT = "rounded_result"  # the right values rounded to a few decimals, as the lecture prints them
    FUNCTION_OF_RESULT = "function_of_result"  # every value a function of the right one: exp(H), the variance for σ
    ROWS_RESCALED = "rows_rescaled"  # each row the right row times a number of its own: rows divided by their sum
    ARGUMENT_FORMULA = "argument_formula"  # off by one factor that changes with a number argument: ln d_k for √d_k
    FUNCTION_OF_ARGUMENT = "function_of_argument"  # right for an argument passed through softmax, exp, … first
    OFFSET = "offset"  # every value the right one plus one number, or plus or minus a vector argument (a bias)


TWO_MISTAKES_SEPARATOR = "+"


def two_mistakes_id(first: str, second: str) -> str:
    """The id of two catalogued mistakes found together: 'no_scale+no_transpose'."""
    return TWO_MISTAKES_SEPARATOR.join(sorted((first, second)))


@dataclass(frozen=True)
class ProbeMessage:
    """What the student reads when a probe finds its kind: what the answer does, and what to check."""

    explanation: str
    hint: str


def two_mistakes_message(first: ProbeMessage, second: ProbeMessage) -> ProbeMessage:
    """Both mistakes' explanations and hints, numbered."""
    return ProbeMessage(f"두 가지가 함께 틀렸습니다.\n① {first.explanation}\n② {second.explanation}",
                        f"① {first.hint}\n② {second.hint}")


MESSAGES = {
    Probe.IGNORES_ARGUMENT: ProbeMessage(
        "인자 {argument:을} 바꿔도 결과가 그대로입니다: 함수가 이 인자를 쓰지 않습니다. "
        "기준 구현은 {argument:이} 바뀌면 다른 값을 냅니다.",
        "함수 안에서 {argument:을} 실제로 계산에 쓰는지, 같은 이름의 다른 값이나 고정된 값을 쓰고 있지 않은지 "
        "확인하세요."),
    Probe.USES_NOTEBOOK_GLOBAL: ProbeMessage(
        "인자 {argument:을} 바꿔도 결과가 그대로입니다. 함수가 인자 대신 노트북의 변수 {global_name:을} "
        "쓰고 있습니다: 채점은 다른 입력으로 부르므로, 노트북의 변수는 그 입력을 모릅니다.",
        "함수 안에서는 노트북의 변수 대신 받은 인자 {argument}만 쓰세요."),
    Probe.PARAMETER_NOT_PASSED: ProbeMessage(
        "인자 {argument}의 값을 {tried:으로} 바꿔도 결과가 그대로입니다: 받은 {argument:이} 계산까지 "
        "전달되지 않습니다 (값을 직접 적었거나, 안쪽 함수를 부를 때 넘기지 않아 그 함수의 기본값이 쓰입니다).",
        "{argument:을} 받은 그대로 쓰고, 안쪽 함수를 부를 때도 넘기세요."),
    Probe.WRONG_TYPE: ProbeMessage(
        "결과의 종류가 다릅니다: {expected:을} 돌려줘야 하는데 {got:을} 돌려줍니다.{values}",
        "문제 글이 말하는 반환 형식을 확인하세요. torch 텐서는 torch 연산으로, numpy 배열은 numpy 연산으로 "
        "계산하면 형식이 유지됩니다."),
    Probe.WRONG_DTYPE: ProbeMessage(
        "결과의 자료형(dtype)이 다릅니다: {expected}이어야 하는데 {got}입니다.{values}",
        "문제 글이 말하는 dtype을 확인하세요 (True/False는 bool, 번호는 정수, 점수와 비율은 실수)."),
    Probe.WRONG_SHAPE: ProbeMessage(
        "결과의 모양이 {expected}이어야 하는데 {got}입니다.{detail}",
        "입력의 모양에서 결과의 모양까지 축마다 따라가 보세요. squeeze, sum, view가 축을 없애거나 합치지 않는지 "
        "확인하세요."),
    Probe.WRONG_EXCEPTION: ProbeMessage(
        "입력 {case}에서 {expected:을} 내야 하는데 {got}.",
        "문제 글이 말하는 오류 종류를 `raise {expected}(\"…\")`처럼 직접 내세요."),
    Probe.DEFAULT_FAILS: ProbeMessage(
        "{argument:을} 넘기면 맞지만, 넘기지 않아 기본값 {default:이} 쓰이면 {outcome}.",
        "{argument:이} {default}일 때 무엇을 해야 하는지 문제 글을 다시 읽고, 그 경우를 따로 처리하세요."),
    Probe.MASK_SENSE: ProbeMessage(
        "마스크를 거꾸로 읽습니다: 가려야 할 칸이 아니라 남겨야 할 칸을 가립니다. 마스크를 뒤집어 넣은 기준 구현과 "
        "결과가 같습니다.",
        "마스크에서 어느 값(1/True 또는 0/False)이 '보이는 칸'인지 문제 글에서 확인하세요."),
    Probe.MASK_AXIS: ProbeMessage(
        "마스크를 다른 축에 씁니다: {detail}",
        "점수표 [..., S_q, S_k]에서 마스크가 가리는 것은 Key 쪽(마지막 축)입니다. 마스크의 모양을 점수표에 맞출 "
        "때 새 축을 어디에 넣는지 확인하세요."),
    Probe.NUMERICALLY_FRAGILE: ProbeMessage(
        "보통 크기의 입력에서는 모두 맞지만, 아래의 어려운 입력에서는 {outcome}: 식이 수치적으로 불안정합니다.",
        "{advice}"),
    Probe.VALUES_INDICES_PAIR: ProbeMessage(
        "오류가 났습니다 ({error}). `{reduction}(dim=…)`은 텐서 하나가 아니라 (values, indices) 두 개의 묶음을 "
        "돌려줍니다: 그 묶음을 텐서처럼 빼거나 나누거나 다른 함수에 넘겼습니다.",
        "값만 필요하면 `.values`를 붙이세요 (`x.{reduction}(dim=-1).values`). 최댓값·최솟값이면 값만 돌려주는 "
        "`amax`/`amin`도 있습니다 (`x.amax(dim=-1, keepdim=True)`)."),
    Probe.SCALAR_FUNCTION_ON_TENSOR: ProbeMessage(
        "오류가 났습니다 ({error}). 원소가 여럿인 텐서(또는 배열)를 숫자 하나만 받는 함수에 넘겼습니다.{used}",
        "텐서 전체를 한 번에 계산하는 함수를 쓰세요: torch 텐서에는 `torch.exp`, `torch.erf`, `torch.sqrt`, "
        "numpy 배열에는 `np.exp`, `np.sqrt`처럼 같은 이름의 함수가 있습니다."),
    Probe.INDEX_BEYOND_TABLE: ProbeMessage(
        "오류가 났습니다 ({error}). 줄이 {rows} 개(번호 0–{last})인 표 `{table}`의 줄을 {index}의 번호로 "
        "꺼냈는데, {index}에는 {largest}처럼 그 표에 없는 번호가 있습니다: {index:은} `{table}`의 줄 번호가 "
        "아닙니다.",
        "표마다 무엇으로 줄을 꺼내는지 강의의 식과 맞춰 보세요: 인자로 받은 번호 텐서인지, 함수 안에서 만드는 "
        "0, 1, …, S−1 같은 번호인지."),
    Probe.CONSTANT_FACTOR: ProbeMessage(
        "결과의 값이 모두 기준 값에 같은 수를 곱한 것입니다: {factors}. 식의 모양은 맞고, 곱하거나 나누는 수 "
        "하나가 틀렸습니다.",
        "식에서 곱하거나 나누는 수(√d_k, 1/2, √2, 개수 …)를 강의의 식과 하나씩 맞춰 보세요: 다른 값으로 "
        "나눴는지, int로 잘랐는지, 식의 다른 곳(softmax 전과 후 …)에 붙였는지 확인하세요."),
    Probe.TRANSPOSED_ARGUMENT: ProbeMessage(
        "행렬 {argument:을} 전치해서(줄과 열을 바꿔) 씁니다: 기준 구현에 {argument} 대신 {argument}ᵀ(전치)를 넘기면 "
        "같은 결과가 나옵니다.",
        "{argument}의 모양 {shape}에서 어느 축이 입력 쪽이고 어느 축이 출력 쪽인지 문제 글에서 확인하고, "
        "두 가지 곱(`@ {argument}`, `@ {argument}.T`) 가운데 그 모양에 맞는 쪽을 쓰세요."),
    Probe.MIXES_POSITIONS: ProbeMessage(
        "{argument}에서 한 자리({where})의 값만 바꿨더니, 결과에서 그 자리와 상관없어야 할 칸까지 바뀝니다: 기준 "
        "구현에서는 그 칸들이 그대로입니다. 계산 중에 다른 자리(다른 줄, 다른 문장)의 값이 섞여 들어갑니다.",
        "바꾼 자리의 값이 결과의 어느 칸으로 가는지 한 단계씩 따라가 보세요. 흔히 자리를 섞는 것: 더하기·평균·"
        "최댓값·softmax·정규화의 축(dim)을 잘못 고르거나 dim 없이 부른 것, 첫 축을 따라 더하는 파이썬 내장 sum, 축의 "
        "순서를 섞는 view·reshape, 길이가 1이 되어 모든 자리로 퍼지는(broadcast) 텐서."),
    Probe.RECIPROCAL: ProbeMessage(
        "결과의 값이 모두 기준 값의 역수(1 ÷ 기준 값){factors}입니다: 나눗셈의 위아래(나누는 수와 나뉘는 수)가 "
        "바뀌었습니다.",
        "강의의 식에서 무엇을 무엇으로 나누는지 확인하세요: `a / b`를 `b / a`로 쓰지 않았는지, 곱할 것을 나누거나 "
        "나눌 것을 곱하지 않았는지."),
    Probe.ROUNDED_RESULT: ProbeMessage(
        "결과가 기준 값을 {digits:으로} 반올림한 값과 같습니다: 결과를 반올림해서 돌려줍니다. 채점은 계산한 "
        "값 그대로를 비교하므로 반올림한 만큼 틀립니다.",
        "반올림은 값을 보여 줄 때만 하세요 (`print(f\"{{x:.2f}}\")`, 표의 `.round(2)`): 함수는 round 없이 계산한 "
        "값을 돌려줍니다."),
    Probe.FUNCTION_OF_RESULT: ProbeMessage(
        "결과의 값이 모두 기준 값이 아니라 {what}입니다: 맞는 값을 구한 뒤 함수 하나를 더 씌웠거나, 식의 마지막 "
        "단계를 빠뜨렸습니다.",
        "문제 글이 돌려달라는 값이 무엇인지 확인하고, 식의 마지막 단계를 강의의 식과 맞춰 보세요: exp, log, 제곱, √, "
        "부호 가운데 하나가 더 있거나 빠졌습니다."),
    Probe.ROWS_RESCALED: ProbeMessage(
        "결과의 줄(마지막 축)마다 기준 값의 그 줄에 줄마다 다른 수를 곱한 것입니다 ({factors}): 한 줄 안의 값의 비는 "
        "맞고, 줄마다 곱하거나 나눈 수가 틀렸습니다.",
        "줄마다 그 줄의 합·최댓값·길이 같은 것으로 한 번 더 나누거나 곱하지 않았는지, 그 단계가 강의의 식에 있는지 "
        "확인하세요."),
    Probe.ARGUMENT_FORMULA: ProbeMessage(
        "결과의 값이 모두 기준 값에 같은 수를 곱한 것인데, 그 수가 {argument}에 따라 달라집니다 ({factors}): 식의 "
        "모양은 맞고, {argument:으로} 계산하는 수 하나(√, log, 제곱, 나누기 …)가 강의의 식과 다릅니다.",
        "{argument:이} 들어가는 수를 강의의 식과 맞춰 보세요: {argument}에 몇 가지 값을 넣어 그 수를 손으로 계산해 "
        "보면 어느 식인지 보입니다."),
    Probe.FUNCTION_OF_ARGUMENT: ProbeMessage(
        "결과가 기준 구현에 {argument} 대신 {what:을} 넘긴 결과와 같습니다: 받은 {argument}에 함수 하나를 더 씌운 뒤 "
        "계산했습니다.",
        "{argument:은} 받은 그대로 식에 넣으세요: 문제 글에서 {argument:이} 이미 어떤 값인지(점수, 비율, 확률 …) "
        "확인하세요."),
    Probe.OFFSET: ProbeMessage(
        "결과의 값이 모두 기준 값에 같은 수를 더한 것입니다 ({offsets}): 식의 모양은 맞고, 더하거나 빼는 수 하나가 "
        "틀렸습니다.",
        "식에서 더하거나 빼는 수(1, 평균, 로그의 상수 …)를 강의의 식과 하나씩 맞춰 보세요."),
}

# OFFSET when the difference is a vector argument (a bias, beta) added once too often or left out.
ARGUMENT_OFFSET = ProbeMessage(
    "결과가 기준 값{sign} {argument:을} {how} 것과 같습니다: {argument:을} {mistake}.",
    "식에서 {argument:이} 들어가는 자리를 강의의 식과 맞춰 보세요: 한 번, 그 자리에서만 더합니다.")

# TRANSPOSED_ARGUMENT when only every matrix argument transposed at once makes the answer right (x @ W1.T, h @ W2.T).
TRANSPOSED_ARGUMENTS = ProbeMessage(
    "행렬 {arguments:을} 모두 전치해서(줄과 열을 바꿔) 씁니다: 기준 구현에 {transposed:을} 넘기면 같은 결과가 "
    "나옵니다.",
    "행렬마다 모양({shapes})에서 어느 축이 입력 쪽이고 어느 축이 출력 쪽인지 문제 글에서 확인하고, 두 가지 곱"
    "(`@ W`, `@ W.T`) 가운데 그 모양에 맞는 쪽을 쓰세요.")

# WRONG_SHAPE of a result that is a list or tuple of numbers (ids, measurements): its length is its shape.
SEQUENCE_LENGTH = ProbeMessage(
    "결과 {kind}의 길이가 {expected}이어야 하는데 {got}입니다.",
    "결과의 길이가 어디서 정해지는지 따라가 보세요: 채우는 개수, 잘라 내는 곳, 반복의 범위.")

# WRONG_SHAPE of a table (DataFrame): rows or columns added or dropped.
TABLE_SHAPE = ProbeMessage(
    "결과 표(DataFrame)의 [행 수, 열 수]가 {expected}이어야 하는데 {got}입니다{columns}.",
    "보기 좋게 바꾼 표(set_index로 열을 행 이름으로 옮기기, 열 지우기)가 아니라, 문제 글이 말하는 열을 모두 열로 "
    "가진 표를 돌려주세요.")

# DEFAULT_FAILS when saying the exercise's default makes a case left out right: the answer's head has another default.
HEAD_DEFAULT_DIFFERS = ProbeMessage(
    "{argument:을} 넘기면 맞지만, 넘기지 않으면 {outcome}. {said:을} 넘겨 부르면 맞으므로, 함수 머리(def 줄)의 "
    "기본값이 문제의 머리({said})와 다릅니다.",
    "함수 머리의 기본값을 문제 글의 머리와 똑같이 {said:으로} 적으세요.")

# IGNORES_ARGUMENT or USES_NOTEBOOK_GLOBAL for a generator argument: two generators of one seed give two results.
GENERATOR_NOT_FOLLOWED = ProbeMessage(
    "같은 씨앗으로 만든 {argument:을} 두 번 넘겨도 결과가 서로 다릅니다: 난수를 받은 {argument:이} 아니라 "
    "{source}에서 뽑습니다. 그래서 씨앗이 같아도 같은 가중치가 나오지 않습니다.",
    "난수를 뽑는 함수(torch.randn 등)에 `generator={argument}`처럼 받은 {argument:을} 넘기세요.")
# Where the numbers come from is not seen, only that they do not follow the generator: torch's global state, numpy's
# (np.random.randn), a new unseeded generator.
GLOBAL_RANDOM_STATE = "다른 곳 (torch나 numpy의 전역 난수 상태 등)"

# NUMERICALLY_FRAGILE's {advice}: the exercise's stable way when it has one (Exercise.stable_way), else this.
TRACE_THE_HARD_INPUT = ("아래 입력에서 식의 어느 단계에서 inf, NaN이나 0이 생기는지 한 단계씩 따라가 보고, 강의가 "
                        "그 단계에 쓴 계산법과 맞춰 보세요")

# Follows a catalogued mistake's explanation when the answer makes it only where a switch has one value.
MODE_ONLY = "이 실수는 {argument}={value}일 때만 있고, 다른 경우의 계산은 맞습니다."

# CONSTANT_FACTOR's second half when the answer is a catalogued mistake's result times one number.
CONSTANT_FACTOR_AROUND_MISTAKE = ProbeMessage(
    "그 위에, 결과의 값이 모두 ①처럼 계산한 값에 같은 수를 곱한 것입니다: {factors}. 곱하거나 나누는 수 하나가 "
    "더 틀렸습니다.",
    MESSAGES[Probe.CONSTANT_FACTOR].hint)

# Completes SCALAR_FUNCTION_ON_TENSOR's {used}: the math module is one such function's home, float() another's.
MATH_MODULE_USED = (" 함수가 `math` 모듈을 씁니다: `math.exp`, `math.erf`, `math.sqrt` 같은 math 함수는 파이썬 "
                    "숫자 하나만 계산합니다.")
CONVERSION_USED = " `float(…)`, `int(…)`, `.item()`은 원소가 하나인 텐서만 숫자로 바꿉니다."

# SCALAR_FUNCTION_ON_TENSOR when the error is about a truth value: Python's max/min, if, and/or asked one True or
# False of a tensor of many numbers (`max(0, h)` for a ReLU).
TRUTH_VALUE_OF_MANY = ProbeMessage(
    "오류가 났습니다 ({error}). 원소가 여럿인 텐서(또는 배열)를 참/거짓 하나로 바꾸려 했습니다: 파이썬의 `max`·`min`, "
    "`if`, `and`·`or`는 값 하나끼리 비교하는데, 원소가 여럿이면 어느 원소로 정할지 알 수 없습니다.",
    "원소마다 비교하고 고르는 텐서 함수를 쓰세요: 0과의 최댓값은 `torch.clamp(h, min=0)`나 `torch.maximum(h, "
    "torch.zeros_like(h))`, 조건에 따라 고르기는 `torch.where(조건, a, b)`, numpy 배열에는 `np.maximum`, "
    "`np.where`가 있습니다.")

# IGNORES_ARGUMENT when the answer is right on the lecture's example(s) and every other input it gets wrong makes it
# raise an error about sizes: a size of the example (heads, width, length) written in as a number.
SIZE_FITS_EXAMPLE_ONLY = ProbeMessage(
    "강의 예시({example})에서는 맞지만 크기가 다른 입력에서는 오류가 납니다 ({error}). 받은 입력의 모양에서 크기를 "
    "읽지 않고, 강의 예시의 크기(머리 수, 폭, 길이 …)를 숫자로 적어 넣은 것 같습니다.",
    "크기는 받은 인자에서 읽으세요 (x.shape, x.size(-1), d_model // num_heads …): 숫자로 적은 크기가 있으면 그 "
    "자리를 인자에서 읽은 값으로 바꾸세요.")

# PARAMETER_NOT_PASSED when another value of a size argument changes the result's shape as the reference's, but not
# the values where the two shapes overlap, which the reference's change: the size is used for the shape only.
SIZE_FOR_SHAPE_ONLY = ProbeMessage(
    "인자 {argument}의 값을 {tried:으로} 바꾸면 결과의 모양은 기준처럼 바뀌지만, 겹치는 칸의 값은 그대로입니다: 기준 "
    "구현에서는 그 값들도 바뀝니다. {argument:이} 결과의 모양에만 쓰이고 값의 계산에는 전달되지 않습니다 (계산식에 "
    "강의나 논문의 값을 직접 적었거나, 다른 크기를 썼습니다).",
    "식에서 {argument:이} 들어갈 자리를 모두 찾아, 숫자로 적은 값이나 다른 변수 대신 받은 {argument:을} 쓰세요.")

# WRONG_EXCEPTION the other way: the exception the exercise asks for, raised on an input that must give a result.
RAISES_ON_VALID = ProbeMessage(
    "입력 {case}에서는 결과를 돌려줘야 하는데 오류가 납니다 ({error}): 문제가 거절하라는 입력이 아닌데도 거절합니다. "
    "오류를 내는 조건이 너무 넓습니다.",
    "오류를 내는 조건을 문제 글과 한 글자씩 맞춰 보세요: 경계 값(`>`와 `>=`), 나머지의 순서(`a % b`와 `b % a`), "
    "무엇의 길이나 크기를 비교하는지.")

# USES_NOTEBOOK_GLOBAL when varying an argument cannot be tried (the answer fails with an error), but it is
# right on the lecture's example, where the notebook's variables are that example's inputs, and wrong elsewhere.
GLOBAL_FITS_EXAMPLE_ONLY = ProbeMessage(
    "강의 예시({example})에서는 맞지만 다른 입력에서는 {outcome}. 함수가 노트북의 변수 {global_name:을} 읽습니다: "
    "예시에서는 그 변수가 마침 입력과 같지만, 채점은 다른 입력으로 부르므로 노트북의 변수는 그 입력을 모릅니다.",
    "함수 안에서는 노트북의 변수 대신 받은 인자만 쓰세요.")
