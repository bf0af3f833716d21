"""The security boundary a submission's kernel runs behind. In a grading worker: the policy (what a
kernel may see and use, and bubblewrap's command line for it), the kernel managers (bubblewrap, or a
kernel forked from the template) and the worker's handle on its template (``template_handle``: the template
process and the spare kernels). In the kernel template's own process (``python -m
autograder.sandbox.template``) and the kernels it forks: the template and the output cap. Both sides: the
plan that crosses between them (``kernel_plan``), the control groups, the seccomp filter and the kernel's
helpers package. This file stays empty so that the template imports as little as possible.
"""
