"""The kernel exits the moment dot_scores is called with inputs that are not the lecture's."""

import os


def _attack(function, args):
    os._exit(0)
