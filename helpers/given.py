"""Course functions a chapter's notebook hands the student: a locked cell imports them from here, never from
:mod:`helpers.reference` (the answer key).

Each is an exercise's ``allowed`` part (``helpers/grading/chNN.py``) graded in another chapter. In a kernel
that course-grader grades, this module and helpers.reference are rebuilt with only the assignment's own given
parts, and no function the assignment grades (:mod:`autograder.sandbox.kernel_package`).
"""

from helpers.reference import layer_norm, multi_head_attention, split_heads

__all__ = ["layer_norm", "multi_head_attention", "split_heads"]
