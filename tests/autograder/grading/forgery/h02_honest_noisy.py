"""Not an attack: an honest student whose kernel, in every test cell, shows a numeric result of 0 and
writes on stderr. What the kernel shows in a test cell is not its verdict: full marks."""

import sys

from IPython import get_ipython


def _noise(info):
    if "check_example(" in info.raw_cell:
        get_ipython().displayhook(0)
        print("경고: 이 줄은 stderr 에 씁니다", file=sys.stderr)


get_ipython().events.register("pre_run_cell", _noise)
