"""What crosses the process boundary between a grading worker and its kernel template: the plan of one forked
kernel's sandbox. The worker builds it (:func:`autograder.sandbox.policy.template_plan`), sends it as one JSON
line (:mod:`helpers.kernel_fork`), and the template process reads it back before it forks. Imported in both
processes, so it needs the standard library only.
"""

from __future__ import annotations

import base64
import platform
from dataclasses import dataclass

# pivot_root has no libc wrapper: its number on this machine, None where the template cannot build a sandbox
SYS_PIVOT_ROOT = {"x86_64": 155, "aarch64": 41}.get(platform.machine())


@dataclass(frozen=True)
class KernelPlan:
    """One forked kernel's sandbox: what it binds, mounts, sets and limits, the control group it joins and the
    seccomp filter it loads (the same sandbox :func:`autograder.sandbox.policy.bwrap_arguments` gives bubblewrap)."""

    root: str  # an empty mount point in the socket folder; the sandbox's tmpfs root exists only in the kernel's view
    read_only: tuple[str, ...]  # paths of the machine bound read-only at the same path
    bind_as: dict[str, str]  # a path of read_only → the folder bound there instead (helpers without the answer key)
    tmpfs: tuple[str, ...]  # writable tmpfs folders, mounted before the binds (a course under /tmp stays visible)
    tmpfs_bytes: int  # the size of each tmpfs
    socket_dir: str  # the IPC socket folder, bound read-write at the same path
    uid: int  # the unprivileged uid the kernel runs as
    limits: dict[str, int]  # resource limits by name (RLIMIT_AS, …) → soft and hard value
    cgroup_procs: tuple[str, ...]  # the control group's cgroup.procs files it joins first (none: no group)
    seccomp: bytes | None  # the compiled seccomp filter (None: none)
    environment: dict[str, str]  # the kernel's whole environment
    workdir: str  # the kernel's working folder inside the sandbox
    connection_file: str  # the kernel's connection file (in socket_dir)
    launcher: str  # ipykernel_launcher's file: the kernel's argv[0]
    stream_newlines: int  # newlines of a cell's stream the kernel sends (-1: all)

    def to_json(self) -> dict:
        """The plan as JSON values: the seccomp filter in base64."""
        return {"root": self.root, "read_only": list(self.read_only), "bind_as": dict(self.bind_as),
                "tmpfs": list(self.tmpfs), "tmpfs_bytes": self.tmpfs_bytes, "socket_dir": self.socket_dir,
                "uid": self.uid, "limits": dict(self.limits), "cgroup_procs": list(self.cgroup_procs),
                "seccomp": base64.b64encode(self.seccomp).decode() if self.seccomp is not None else None,
                "environment": dict(self.environment), "workdir": self.workdir,
                "connection_file": self.connection_file, "launcher": self.launcher,
                "stream_newlines": self.stream_newlines}

    @classmethod
    def from_json(cls, data: dict) -> KernelPlan:
        """The plan :meth:`to_json` wrote."""
        return cls(root=str(data["root"]), read_only=tuple(map(str, data["read_only"])),
                   bind_as={str(path): str(folder) for path, folder in data["bind_as"].items()},
                   tmpfs=tuple(map(str, data["tmpfs"])), tmpfs_bytes=int(data["tmpfs_bytes"]),
                   socket_dir=str(data["socket_dir"]), uid=int(data["uid"]),
                   limits={str(name): int(value) for name, value in data["limits"].items()},
                   cgroup_procs=tuple(map(str, data["cgroup_procs"])),
                   seccomp=base64.b64decode(data["seccomp"]) if data["seccomp"] is not None else None,
                   environment={str(name): str(value) for name, value in data["environment"].items()},
                   workdir=str(data["workdir"]), connection_file=str(data["connection_file"]),
                   launcher=str(data["launcher"]), stream_newlines=int(data["stream_newlines"]))
