"""A disk limit per student on the class server: what one student writes in her home never takes the space her
classmates' saves and submissions need.

Two ways, chosen per home (``disk_way``):

- **quota**: the home's filesystem has user quotas on (mounted with ``usrquota``/``quota``, Debian's ``quota``
  tools installed): ``setquota`` gives the student's account a hard block limit there;
- **image** (everywhere else, e.g. a kernel built without ``CONFIG_QFMT_V2``): the home is an ext4 filesystem of its
  own, a file of exactly the limit in ``<home>/disks`` (root's, 0700), its blocks reserved up front
  (``posix_fallocate``, so classmates' writes cannot take them later), loop-mounted ``nosuid,nodev`` on the home
  before the server starts and unmounted when it stops. Made from the home's contents the first time.

Past the limit a write fails with ENOSPC (image) or EDQUOT (quota) in her own home only; her Lab says so in Korean
(autograder/hub/fulldisk.py).
"""

from __future__ import annotations

import enum
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

QUOTA_OPTIONS = {"usrquota", "quota", "uquota"}


class DiskWay(enum.Enum):
    QUOTA = "quota"
    IMAGE = "image"


@dataclass(frozen=True)
class HomeDisk:
    """One student's home and the limit on it."""

    home: Path
    uid: int
    gid: int
    limit_bytes: int
    image: Path  # used by the image way only

    def way(self) -> DiskWay:
        return disk_way(self.home)

    def attach(self) -> None:
        """Before her server starts: the limit in force on her home (quota set, or her image mounted on it)."""
        if self.way() is DiskWay.QUOTA:
            set_quota(self)
        elif not os.path.ismount(self.home):
            if not self.image.exists():
                make_image(self)
            _run(["mount", "-o", "loop,nosuid,nodev", str(self.image), str(self.home)])
            os.chown(self.home, self.uid, self.gid)
            self.home.chmod(0o700)

    def detach(self) -> None:
        """When her server has stopped (nothing of hers runs): her image unmounted (lazily if still busy)."""
        if self.way() is DiskWay.IMAGE and os.path.ismount(self.home):
            if subprocess.run(["umount", str(self.home)], capture_output=True).returncode:
                _run(["umount", "--lazy", str(self.home)])


def disk_way(home: Path) -> DiskWay:
    """QUOTA where `home`'s filesystem is mounted with user quotas and setquota is installed, otherwise IMAGE."""
    mount = _mount_options(Path(home).parent)
    return DiskWay.QUOTA if mount & QUOTA_OPTIONS and shutil.which("setquota") else DiskWay.IMAGE


def _mount_options(path: Path) -> set[str]:
    """The options of the filesystem mounted lowest above `path` (from /proc/self/mounts)."""
    best, options = "", set()
    for line in Path("/proc/self/mounts").read_text().splitlines():
        fields = line.split()
        target = fields[1].replace("\\040", " ")
        if (str(path) == target or str(path).startswith(target.rstrip("/") + "/")) and len(target) >= len(best):
            best, options = target, set(fields[3].split(","))
    return options


def set_quota(disk: HomeDisk) -> None:
    """A hard block limit (and soft = hard) for her uid on the home's filesystem."""
    kib = str(disk.limit_bytes // 1024)
    _run(["setquota", "-u", str(disk.uid), kib, kib, "0", "0", str(_mount_point(disk.home))])


def _mount_point(path: Path) -> Path:
    path = Path(path).resolve()
    while not os.path.ismount(path):
        path = path.parent
    return path


def make_image(disk: HomeDisk) -> None:
    """Her ext4 image, `limit_bytes` reserved on the server's disk, holding what her home held (mkfs -d)."""
    disk.image.parent.mkdir(mode=0o700, exist_ok=True)
    partial = disk.image.with_suffix(".partial")
    descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
    try:
        os.posix_fallocate(descriptor, 0, disk.limit_bytes)
    finally:
        os.close(descriptor)
    _run(["mkfs.ext4", "-q", "-F", "-m", "0", "-d", str(disk.home), "-E",
          f"root_owner={disk.uid}:{disk.gid},nodiscard", str(partial)])  # nodiscard: keep what fallocate reserved
    partial.rename(disk.image)


def _run(command: list[str]) -> None:
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode:
        raise OSError(f"{' '.join(command)}: {done.stderr.strip()[-500:]}")
