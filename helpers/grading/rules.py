"""What an answer may not call, once: the rule each exercise's text states and both judges apply.

Every exercise forbids the course's reference (``helpers.reference``, but for the functions its notebook hands
the student) and the library's attention; an exercise that says "softmax by hand" (``Exercise.by_hand``) forbids
the library's softmax too. Each forbidden library function is a :class:`Forbidden`: the name its text shows the
student and the names under which code reaches it (a function, a module, the C functions it runs). The in-kernel
profiler (:mod:`helpers.grading.guard`) and the checker's reading of the source
(:mod:`autograder.course.authorship`) take their names from here, and tests/helpers/test_rules.py checks that every
exercise's text shows each one. Library helpers that only build a mask (:data:`MASK_BUILDERS`) are not attention:
the texts say they may be used, and neither judge forbids them.
"""

from __future__ import annotations

from dataclasses import dataclass

REFERENCE_SHOWN = "helpers.reference"


@dataclass(frozen=True)
class Forbidden:
    """One library function a rule forbids: as the text names it, and the names code reaches it by."""

    shown: str  # as the exercise's text writes it, e.g. "torch.nn.MultiheadAttention"
    names: frozenset[str]  # the attribute, module and C-function names that mean a call of it


def _forbidden(shown: str, *names: str) -> Forbidden:
    return Forbidden(shown, frozenset(names))


LIBRARY_ATTENTION = (
    _forbidden("torch.nn.functional.scaled_dot_product_attention", "scaled_dot_product_attention",
               "_scaled_dot_product_attention_math", "_fused_sdp_choice"),
    _forbidden("torch.nn.MultiheadAttention", "MultiheadAttention", "multi_head_attention_forward",
               "_native_multi_head_attention"),
    _forbidden("torch.nn.TransformerEncoderLayer", "TransformerEncoderLayer"),
    _forbidden("torch.nn.TransformerEncoder", "TransformerEncoder"),
    _forbidden("torch.nn.Transformer", "Transformer"),
    _forbidden("transformers", "transformers", "sentence_transformers", "minilm_transformers_model"),
)
LIBRARY_SOFTMAX = (
    _forbidden("torch.softmax", "softmax", "_softmax", "special_softmax"),
    _forbidden("nn.Softmax", "Softmax"),
    _forbidden("log_softmax", "log_softmax", "_log_softmax", "special_log_softmax", "LogSoftmax"),
    _forbidden("softmin", "softmin", "Softmin"),
    _forbidden("logsumexp", "logsumexp", "special_logsumexp"),
)
# Modules whose every name is library attention (a Hugging Face model computes the attention itself).
HUGGING_FACE_MODULES = frozenset({"transformers", "sentence_transformers"})
# (owner, method): a library helper that only builds a mask, allowed even where its owner is forbidden.
MASK_BUILDERS = (("Transformer", "generate_square_subsequent_mask"),)
MASK_BUILDERS_SHOWN = tuple(f"torch.nn.{owner}.{method}" for owner, method in MASK_BUILDERS)


@dataclass(frozen=True)
class Rule:
    """What one exercise forbids: the reference but for `allowed`, the library's attention, and with
    `by_hand` the library's softmax."""

    by_hand: bool
    allowed: tuple[str, ...] = ()

    @property
    def library(self) -> tuple[Forbidden, ...]:
        """The library functions this rule forbids."""
        return LIBRARY_ATTENTION + (LIBRARY_SOFTMAX if self.by_hand else ())


def rule_of(exercise) -> Rule:
    """The rule of an :class:`helpers.grading.spec.Exercise`."""
    return Rule(by_hand=exercise.by_hand, allowed=exercise.allowed)


ATTENTION_NAMES = frozenset().union(*(item.names for item in LIBRARY_ATTENTION))
SOFTMAX_NAMES = frozenset().union(*(item.names for item in LIBRARY_SOFTMAX))
