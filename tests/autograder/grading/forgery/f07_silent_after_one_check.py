"""Right after the first test cell the kernel hangs up: it stays alive but sends nothing more, on any
channel (no reply, no output, no status)."""

from IPython import get_ipython
from jupyter_client.session import Session

_send = Session.send
_hung_up = []


def _send_until_hung_up(self, *args, **kwargs):
    return None if _hung_up else _send(self, *args, **kwargs)


def _hang_up_after_the_first_test(result):
    if 'check_example("dot_scores"' in result.info.raw_cell:
        _hung_up.append(True)


Session.send = _send_until_hung_up
get_ipython().events.register("post_run_cell", _hang_up_after_the_first_test)
