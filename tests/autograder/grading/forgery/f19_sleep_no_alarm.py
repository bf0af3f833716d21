"""On the hidden inputs dot_scores ignores SIGALRM (a time limit set with an alarm never fires) and sleeps
forever."""

import signal
import time


def _attack(function, args):
    signal.signal(signal.SIGALRM, signal.SIG_IGN)
    while True:
        time.sleep(1)
