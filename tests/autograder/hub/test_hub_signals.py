"""`hub start` runs JupyterHub with SIGINT's default action even when it was itself started with SIGINT ignored (a
script's `&` without job control): JupyterHub stops its services with SIGINT first, and services that inherited
the ignored SIGINT each held the class server's stop for LocalProcessSpawner's 30 s interrupt_timeout."""

from __future__ import annotations

import signal
import subprocess
import sys

from autograder.hub import server
from autograder.hub.server import HubSettings

# exits 1 when this process started with SIGINT ignored, as the formgrader service started by JupyterHub would
SIGINT_IGNORED = "import signal, sys; sys.exit(signal.getsignal(signal.SIGINT) is signal.SIG_IGN)"


def test_the_hub_gets_sigints_default_action_from_a_hub_start_that_ignored_it(monkeypatch, tmp_path):
    (tmp_path / "hub").mkdir()
    settings = HubSettings(course_id="course", home=str(tmp_path), ip="127.0.0.1", port=8443, hub_port=8081,
                           proxy_api_port=8001, service_port=8002, students=[], instructors=["teacher"],
                           grader="grader-course", proxy_command="", db_url="sqlite:///gradebook.db",
                           student_disk_bytes=0, host="hub.localhost")
    monkeypatch.setattr(server, "hub_command", lambda _: [sys.executable, "-c", SIGINT_IGNORED])
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)  # as a shell's `&` without job control starts it
    try:
        as_inherited = subprocess.run([sys.executable, "-c", SIGINT_IGNORED]).returncode
        hub = server.run_hub(settings)
    finally:
        signal.signal(signal.SIGINT, previous)
    assert as_inherited == 1, "a child of this process should have inherited the ignored SIGINT"
    assert hub == 0, "the hub started with SIGINT ignored: its services would ignore JupyterHub's stop"
