"""A disk limit per student on the class server: what one student writes in her home never takes the space her
classmates' saves and submissions need.

Two ways, chosen per home (``disk_way``):

- **quota**: the home's filesystem has user quotas on (mounted with ``usrquota``/``quota``, Debian's ``quota``
  tools installed): ``setquota`` gives the student's account a hard block limit there;
- **image** (everywhere else, e.g. a kernel built without ``CONFIG_QFMT_V2``): the home is an ext4 filesystem of its
  own, a file of exactly the limit in ``<home>/disks`` (root's, 0700), its blocks reserved up front
  (``posix_fallocate``, so classmates' writes cannot take them later), loop-mounted ``nosuid,nodev`` once on a
  folder beside it (``mounted``, where no other account can reach it) and bound on the home before the server starts,
  the home's binding undone when it stops. Made from the home's contents the first time.

What she hands in goes to the same limit: her folder in the exchange's inbound (``inbound/<her account>``) is her
image's ``SUBMISSIONS`` folder bound there (``bind_submissions``, through a descriptor opened without following a
link, since she owns that image and may have put anything at that name), so the grader collects while she is
offline and a student who fills it fills her own image only. On the quota way her submissions are her files on the
exchange's filesystem, counted by the quota there when it is the homes' filesystem (``set_quota`` limits her on
that filesystem, whichever folder she writes in).

Past the limit a write fails with ENOSPC (image) or EDQUOT (quota) in her own home only; her Lab says so in Korean
(autograder/hub/fulldisk.py).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import enum
import os
import shutil
import stat
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

QUOTA_OPTIONS = {"usrquota", "quota", "uquota"}
SUBMISSIONS = ".submissions"  # on her image (her home's top): her folder in the exchange's inbound
SUBMISSIONS_MODE = 0o2750  # she writes, the grader's group reads (and her entries get that group), no one else
MS_BIND = 0x1000
LIBC = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


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

    @property
    def mounted(self) -> Path:
        """Where her image is mounted once (beside it, in root's 0700 folder); her home and inbound bind it."""
        return self.image.with_suffix("")

    def attach(self) -> None:
        """Before her server starts: the limit in force on her home (quota set, or her image bound on it)."""
        if self.way() is DiskWay.QUOTA:
            set_quota(self)
        elif not os.path.ismount(self.home):
            self.mount_image()
            _run(["mount", "--bind", str(self.mounted), str(self.home)])

    def detach(self) -> None:
        """When her server has stopped (nothing of hers runs): her image's binding on her home undone (lazily if
        still busy); the image stays mounted for her inbound folder (``release`` ends it)."""
        if self.way() is DiskWay.IMAGE and os.path.ismount(self.home):
            _unmount(self.home)

    def mount_image(self) -> None:
        """Her image mounted on ``mounted`` (made the first time); the loop device its file already has, if any."""
        if os.path.ismount(self.mounted):
            return
        if not self.image.exists():
            make_image(self)
        self.mounted.mkdir(mode=0o700, exist_ok=True)
        device = subprocess.run(["losetup", "--noheadings", "--output", "NAME", "--associated", str(self.image)],
                                capture_output=True, text=True).stdout.split()
        _run(["mount", "-o", "nosuid,nodev" + ("" if device else ",loop"), device[0] if device else str(self.image),
              str(self.mounted)])
        os.chown(self.mounted, self.uid, self.gid)
        self.mounted.chmod(0o700)

    def bind_submissions(self, target: Path, grader_gid: int) -> None:
        """Her image's SUBMISSIONS folder bound on `target` (her folder in the exchange's inbound), so what she
        submits is written to her image. The folder is opened without following a link; anything else at its name
        (a link, a file: she owns the image) is moved aside and a fresh folder made."""
        if self.way() is not DiskWay.IMAGE or os.path.ismount(target):
            return
        self.mount_image()
        top = os.open(self.mounted, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
        try:
            folder = _own_folder(top, self.uid, grader_gid)
            try:
                if LIBC.mount(f"/proc/self/fd/{folder}".encode(), str(target).encode(), None, MS_BIND, None):
                    error = ctypes.get_errno()
                    raise OSError(error, f"mount --bind {self.mounted / SUBMISSIONS} {target}: {os.strerror(error)}")
            finally:
                os.close(folder)
        finally:
            os.close(top)

    def release(self, *bound: Path) -> None:
        """Her home's and `bound` folders' bindings undone, then her image unmounted (when the class server stops)."""
        self.detach()
        for path in (*bound, self.mounted):
            if os.path.ismount(path):
                _unmount(path)


def prepare_submissions(target: Path, uid: int, grader_gid: int, disk: HomeDisk | None) -> None:
    """Her folder in the exchange's inbound (`target`, in a folder only root and the grader write), ready before she
    can submit: her image's SUBMISSIONS bound there on the image way; otherwise a folder of hers on the exchange's
    filesystem (SUBMISSIONS_MODE, the grader's group), counted by her quota where that is the homes' filesystem."""
    if os.path.ismount(target):
        return
    target.mkdir(mode=0o755, exist_ok=True)
    status = os.lstat(target)
    if not stat.S_ISDIR(status.st_mode):
        raise OSError(f"{target} is not a folder")
    if disk is not None and disk.way() is DiskWay.IMAGE:
        os.chown(target, 0, 0, follow_symlinks=False)  # a mount point: nothing of hers is written on the shared disk
        target.chmod(0o755)
        disk.bind_submissions(target, grader_gid)
    else:
        os.chown(target, uid, grader_gid, follow_symlinks=False)
        target.chmod(SUBMISSIONS_MODE)


def _own_folder(top: int, uid: int, gid: int) -> int:
    """A descriptor of SUBMISSIONS in the folder `top`: a real folder on the same filesystem, `uid`'s, with
    SUBMISSIONS_MODE and group `gid`; whatever else held the name moved aside first."""
    flags = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
    try:
        folder = os.open(SUBMISSIONS, flags, dir_fd=top)
    except FileNotFoundError:
        folder = None
    except OSError:  # a link (ELOOP) or not a folder (ENOTDIR)
        os.rename(SUBMISSIONS, f"{SUBMISSIONS}.moved-{time.time_ns()}", src_dir_fd=top, dst_dir_fd=top)
        folder = None
    if folder is not None and os.fstat(folder).st_dev != os.fstat(top).st_dev:
        os.close(folder)
        raise OSError(f"{SUBMISSIONS} is not on the student's image")
    if folder is None:
        os.mkdir(SUBMISSIONS, 0o700, dir_fd=top)
        folder = os.open(SUBMISSIONS, flags, dir_fd=top)
    os.fchown(folder, uid, gid)
    os.fchmod(folder, SUBMISSIONS_MODE)
    return folder


def _unmount(path: Path) -> None:
    if subprocess.run(["umount", str(path)], capture_output=True).returncode:
        _run(["umount", "--lazy", str(path)])


def disk_way(home: Path) -> DiskWay:
    """QUOTA where `home`'s filesystem is mounted with user quotas and setquota is installed, otherwise IMAGE."""
    mount = _mount_options(Path(home).parent)
    return DiskWay.QUOTA if mount & QUOTA_OPTIONS and shutil.which("setquota") else DiskWay.IMAGE


def mounts() -> list[tuple[str, set[str]]]:
    """(mount point, its options) of every filesystem mounted here, from /proc/self/mounts (where a space in a path
    is written \\040)."""
    return [(fields[1].replace("\\040", " "), set(fields[3].split(",")))
            for fields in map(str.split, Path("/proc/self/mounts").read_text().splitlines())]


def _mount_options(path: Path) -> set[str]:
    """The options of the filesystem mounted lowest above `path`."""
    best, options = "", set()
    for target, target_options in mounts():
        if (str(path) == target or str(path).startswith(target.rstrip("/") + "/")) and len(target) >= len(best):
            best, options = target, target_options
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
