"""The security boundary a submission's kernel runs behind. In a grading worker: the policy (what a
kernel may see and use, and bubblewrap's command line for it) and the kernel managers (bubblewrap, or a
kernel forked from the template). In the kernel template's own process (``python -m
autograder.sandbox.template``) and the kernels it forks: the template and the output cap. This file
stays empty so that the template imports as little as possible.
"""
