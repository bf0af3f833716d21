"""Hidden cases vary every number under every value of every switch (issue 46, item 3).

A switch is an argument that picks a branch of the exercise: a bool (norm_first), an optional argument given or
left out (a mask or None, a generator or None), and a mask's kind (bool or 0/1). For every exercise, every switch
value and every number the function takes (an argument, or a number field of a record argument such as
params.eps), the mutant that drops the number in that branch only (its default there, or the lecture example's
value for a number without one) is built from the reference implementation and must differ from it on some
hidden case: an answer that forgets eps in the post-norm branch alone loses its points.
"""

from __future__ import annotations

import dataclasses
import inspect
import textwrap
from dataclasses import dataclass, replace

import pytest
import torch

from helpers.grading import check
from helpers.grading.compare import compare
from helpers.grading.core import exercises, hidden_cases
from helpers.grading.spec import Case, Exercise

SECRETS = (None, b"another course secret", b"a third one")  # the public seed and two secret ones


@dataclass(frozen=True)
class Switch:
    """One value of one switch: the parameter's position and name, and the value's name ('True', 'None', 'bool')."""

    index: int
    name: str
    value: str


@dataclass(frozen=True)
class Number:
    """A number the function takes: a parameter (field None) or a number field of a record parameter."""

    index: int
    name: str
    field: str | None
    dropped: object  # what an answer that forgets it uses instead

    @property
    def label(self) -> str:
        return self.name if self.field is None else f"{self.name}.{self.field}"


def _argument(case: Case, index: int, parameter: inspect.Parameter):
    if parameter.name in case.kwargs:
        return case.kwargs[parameter.name]
    if index < len(case.args):
        return case.args[index]
    return None if parameter.default is inspect.Parameter.empty else parameter.default


def _with_argument(case: Case, index: int, name: str, value) -> Case:
    if name in case.kwargs or index >= len(case.args):
        return replace(case, kwargs={**case.kwargs, name: value})
    return replace(case, args=(*case.args[:index], value, *case.args[index + 1:]))


def _switch_value(parameter: inspect.Parameter, value) -> str | None:
    """The branch `value` of `parameter` picks, or None when the parameter is no switch."""
    if isinstance(parameter.default, bool):
        return str(bool(value))
    if parameter.default is None:
        if value is None:
            return "None"
        if isinstance(value, torch.Tensor) and "mask" in parameter.name:
            return "bool" if value.dtype == torch.bool else "0/1 " + str(value.dtype).replace("torch.", "")
        return "given"
    return None


def _parameters(exercise: Exercise) -> list[inspect.Parameter]:
    return list(inspect.signature(exercise.reference).parameters.values())


def _switches(exercise: Exercise, cases: list[Case]) -> list[Switch]:
    found = {Switch(index, parameter.name, value)
             for case in cases for index, parameter in enumerate(_parameters(exercise))
             if (value := _switch_value(parameter, _argument(case, index, parameter))) is not None}
    return sorted(found, key=lambda switch: (switch.index, switch.value))


def _is_number(value) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _numbers(exercise: Exercise, example: Case) -> list[Number]:
    """The numbers of the exercise, each with the value a forgetful answer uses: its default, else the lecture
    example's value."""
    numbers = []
    for index, parameter in enumerate(_parameters(exercise)):
        value = _argument(example, index, parameter)
        if _is_number(value) or _is_number(parameter.default):
            dropped = value if parameter.default is inspect.Parameter.empty else parameter.default
            numbers.append(Number(index, parameter.name, None, dropped))
        elif dataclasses.is_dataclass(value) and not isinstance(value, type):
            for field in dataclasses.fields(value):
                if _is_number(getattr(value, field.name)):
                    dropped = getattr(value, field.name) if field.default is dataclasses.MISSING else field.default
                    numbers.append(Number(index, parameter.name, field.name, dropped))
    return numbers


def _dropped_in(case: Case, number: Number) -> Case:
    """`case` with `number` replaced by what a forgetful answer uses."""
    if number.field is None:
        return _with_argument(case, number.index, number.name, number.dropped)
    record = case.args[number.index] if number.index < len(case.args) else case.kwargs[number.name]
    return _with_argument(case, number.index, number.name,
                          dataclasses.replace(record, **{number.field: number.dropped}))


def _mutant_is_caught(exercise: Exercise, switch: Switch, number: Number, cases: list[Case]) -> bool:
    """The reference with `number` dropped where `switch` has its value differs from the reference on some case
    (an error counts as a difference: the check fails the answer there too)."""
    parameter = _parameters(exercise)[switch.index]
    for case in cases:
        if case.raises is not None or \
                _switch_value(parameter, _argument(case, switch.index, parameter)) != switch.value:
            continue
        expected = case.call(exercise.reference)
        try:
            got = _dropped_in(case, number).call(exercise.reference)
        except Exception:  # noqa: BLE001 - the mutant fails on this case: it loses the points here
            return True
        if compare(expected, got, "", slack=case.slack) is not None:
            return True
    return False


def _mutants() -> list[tuple[str, Switch, Number]]:
    mutants = []
    for name, exercise in exercises().items():
        examples = exercise.example()
        example = (examples[0] if isinstance(examples, list | tuple) else examples)
        switches = _switches(exercise, hidden_cases(name))
        mutants += [(name, switch, number) for switch in switches for number in _numbers(exercise, example)]
    return mutants


MUTANTS = _mutants()


def test_the_switched_exercises_are_found_so_the_mutants_are_not_vacuous():
    switched = {name for name, _, _ in MUTANTS}
    assert {"encoder_layer", "multi_head_attention", "bert_head_weights"} <= switched
    assert any(name == "encoder_layer" and number.label == "params.eps" and switch.value == "False"
               for name, switch, number in MUTANTS)


@pytest.mark.parametrize("secret", SECRETS, ids=["public", "secret1", "secret2"])
@pytest.mark.parametrize(("name", "switch", "number"), MUTANTS,
                         ids=[f"{name}-{number.label}-dropped-when-{switch.name}={switch.value}"
                              for name, switch, number in MUTANTS])
def test_a_number_dropped_in_one_branch_differs_from_the_reference_on_a_hidden_case(name, switch, number, secret):
    exercise = exercises()[name]
    assert _mutant_is_caught(exercise, switch, number, hidden_cases(name, secret)), (
        f"{name}: no hidden case with {switch.name}={switch.value} tells an answer that drops {number.label} "
        f"(uses {number.dropped!r}) there from a right one")


def test_an_encoder_layer_that_drops_eps_in_the_post_norm_branch_only_loses_its_points():
    namespace: dict = {}
    cells = textwrap.dedent("""
        from helpers.reference import add_and_norm, feed_forward, layer_norm, multi_head_attention
        def encoder_layer(x, params, mask=None, norm_first=False):
            p = params
            def attend(h):
                return multi_head_attention(h, h, h, p.W_q, p.W_k, p.W_v, p.W_o, p.num_heads, mask)[0]
            def ffn(h):
                return feed_forward(h, p.W1, p.b1, p.W2, p.b2)
            if norm_first:
                h = x + attend(layer_norm(x, p.gamma1, p.beta1, p.eps))
                return h + ffn(layer_norm(h, p.gamma2, p.beta2, p.eps))
            h = add_and_norm(x, attend(x), p.gamma1, p.beta1)  # eps not passed on: 1e-5 always
            return add_and_norm(h, ffn(h), p.gamma2, p.beta2)
        """)
    exec(cells, namespace)  # noqa: S102 - the test's own code, standing in for a notebook's cells
    with pytest.raises(AssertionError) as failure:
        check("encoder_layer", namespace["encoder_layer"])
    assert str(failure.value).startswith("[진단: encoder_layer/parameter_not_passed]")
    assert "params.eps" in str(failure.value).splitlines()[0]
