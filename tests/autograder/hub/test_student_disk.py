"""A disk limit per student (issue 40, item 6): her home is limited (a quota where the filesystem has them,
otherwise an ext4 image of the limit's size, its blocks reserved up front, loop-mounted on her home), so filling it
fails her own writes only, and her Lab's save says so in Korean. Real loop mounts, as root."""

from __future__ import annotations

import asyncio
import logging
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from tornado import web

from autograder.hub import disks
from autograder.hub.fulldisk import INSUFFICIENT_STORAGE, MESSAGE, FullDiskContentsManager
from autograder.hub.spawner import LimitedSpawner

NOBODY = 65534
LIMIT = 24 << 20

pytestmark = pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("mkfs.ext4"),
                                reason="loop mounts need root and e2fsprogs (mkfs.ext4)")


@pytest.fixture
def her_home():
    """A student's home (nobody's) in a folder on the machine's shared disk, as /home is, and her limited disk;
    unmounted and removed afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="course-disk-"))
    folder.chmod(0o755)
    home = folder / "home"
    home.mkdir()
    (home / ".bashrc").write_text("# skel\n", encoding="utf-8")
    os.chown(home, NOBODY, NOBODY)
    disk = disks.HomeDisk(home, NOBODY, NOBODY, LIMIT, folder / "disks" / "student.img")
    yield disk
    disk.release()
    _unmount_under(folder)
    shutil.rmtree(folder)


def _unmount_under(folder: Path) -> None:
    """Whatever a test left mounted inside `folder`, innermost first."""
    mounted = [line.split()[1] for line in Path("/proc/self/mounts").read_text().splitlines()]
    for target in sorted((m for m in mounted if m.startswith(f"{folder}/")), key=len, reverse=True):
        subprocess.run(["umount", "--lazy", target], check=False)


def _as_nobody(*command: str, uid: int = NOBODY) -> subprocess.CompletedProcess:
    return subprocess.run(["setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups", *command],
                          capture_output=True, text=True, timeout=120)


def _shared_exchange(folder: Path, size_mib: int) -> Path:
    """The exchange's inbound on a small disk of its own (a tmpfs of `size_mib`), as hub start lays it out: root's,
    no student may add to it, a folder per student in it."""
    exchange = folder / "exchange"
    exchange.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size_mib}m,mode=0755", "tmpfs", str(exchange)], check=True)
    inbound = exchange / "inbound"
    inbound.mkdir(mode=0o755)
    return inbound


def test_a_student_who_fills_the_exchange_fills_only_her_own_limit_and_a_classmate_still_submits(her_home):
    inbound = _shared_exchange(her_home.home.parent, size_mib=3 * (LIMIT >> 20))
    hers, classmates = inbound / "student", inbound / "classmate"
    hers.mkdir()
    classmates.mkdir()
    os.chown(classmates, NOBODY - 1, NOBODY - 1)
    her_home.attach()
    her_home.bind_submissions(hers, grader_gid=0)
    assert os.path.ismount(hers) and hers.stat().st_uid == NOBODY and hers.stat().st_mode & 0o7777 == 0o2750
    entry = hers / "student+a1+2026-12-05 00:00:00.000000 UTC"
    filled = _as_nobody("sh", "-c", f"mkdir '{entry}' && dd if=/dev/zero of='{entry}/a1.ipynb' bs=1M count=200")
    assert filled.returncode != 0 and "No space left on device" in filled.stderr, filled.stderr
    assert shutil.disk_usage(inbound).used < (1 << 20), "her submission took the exchange's shared disk"
    assert (her_home.home / disks.SUBMISSIONS / entry.name / "a1.ipynb").is_file()  # on her image, in her limit
    theirs = _as_nobody("dd", "if=/dev/zero", f"of={classmates / 'a1.ipynb'}", "bs=1M", f"count={LIMIT >> 20}",
                        uid=NOBODY - 1)
    assert theirs.returncode == 0, theirs.stderr
    her_home.detach()  # her server stopped: the grader still reads what she handed in
    assert not os.path.ismount(her_home.home) and (entry / "a1.ipynb").is_file()


def test_a_link_she_puts_in_place_of_her_submissions_folder_is_not_followed_into_the_exchange(her_home):
    inbound = _shared_exchange(her_home.home.parent, size_mib=4)
    hers = inbound / "student"
    hers.mkdir()
    her_home.attach()
    linked = _as_nobody("sh", "-c", f"ln -s /etc '{her_home.home / disks.SUBMISSIONS}'")
    assert linked.returncode == 0, linked.stderr
    her_home.bind_submissions(hers, grader_gid=0)
    assert not (hers / "passwd").exists() and os.stat(hers).st_dev == os.stat(her_home.home).st_dev
    assert (her_home.home / disks.SUBMISSIONS).is_dir() and not (her_home.home / disks.SUBMISSIONS).is_symlink()
    moved = [path for path in her_home.home.iterdir() if path.name.startswith(f"{disks.SUBMISSIONS}.moved-")]
    assert len(moved) == 1 and moved[0].is_symlink()  # her link kept, aside, not removed


def test_a_student_who_fills_her_home_takes_no_space_her_classmates_need(her_home):
    assert her_home.way() is disks.DiskWay.IMAGE  # this machine's kernel has no quota formats
    her_home.attach()
    assert os.path.ismount(her_home.home) and (her_home.home / ".bashrc").is_file()  # what her home held
    assert her_home.home.stat().st_uid == NOBODY and her_home.home.stat().st_mode & 0o777 == 0o700
    reserved = her_home.image.stat().st_blocks * 512
    assert reserved >= LIMIT  # taken from the shared disk up front, when she started, not as she writes
    filled = _as_nobody("dd", "if=/dev/zero", f"of={her_home.home / 'fill'}", "bs=1M", "count=200")
    assert filled.returncode != 0 and "No space left on device" in filled.stderr, filled.stderr
    assert her_home.image.stat().st_blocks * 512 == reserved, "filling her home took more of the shared disk"
    her_home.detach()
    assert not os.path.ismount(her_home.home)
    her_home.attach()  # her next server finds what she kept
    assert (her_home.home / "fill").is_file()


def test_a_save_past_her_disk_limit_gets_a_korean_message_and_a_small_one_still_works(her_home):
    her_home.attach()
    os.chown(her_home.home, 0, 0)  # the contents manager runs as this test's root
    manager = FullDiskContentsManager(root_dir=str(her_home.home))
    big = {"type": "file", "format": "text", "content": "x" * (2 * LIMIT)}
    with pytest.raises(web.HTTPError) as refused:
        asyncio.run(manager.save(big, "big.txt"))
    assert refused.value.status_code == INSUFFICIENT_STORAGE and refused.value.log_message == MESSAGE
    (her_home.home / "big.txt").unlink(missing_ok=True)
    small = {"type": "file", "format": "text", "content": "안녕"}
    assert asyncio.run(manager.save(small, "small.txt"))["name"] == "small.txt"


def test_the_quota_way_is_chosen_where_the_homes_filesystem_has_user_quotas(tmp_path):
    image, mounted = tmp_path / "quota.img", tmp_path / "mnt"
    mounted.mkdir()
    with open(image, "wb") as handle:
        handle.truncate(32 << 20)
    subprocess.run(["mkfs.ext4", "-q", "-F", "-O", "quota", "-E", "quotatype=usrquota", str(image)], check=True)
    if subprocess.run(["mount", "-o", "loop,usrquota", str(image), str(mounted)], capture_output=True).returncode:
        pytest.skip("this kernel has no quota support (CONFIG_QFMT_V2): an ext4 image with quotas does not mount, "
                    "so hub start uses the image way (tested above)")
    try:
        if not shutil.which("setquota"):
            pytest.skip("Debian's quota tools are not installed (`apt-get install quota`)")
        home = mounted / "student"
        home.mkdir()
        os.chown(home, NOBODY, NOBODY)
        disk = disks.HomeDisk(home, NOBODY, NOBODY, 4 << 20, tmp_path / "unused.img")
        assert disk.way() is disks.DiskWay.QUOTA
        disk.attach()
        filled = _as_nobody("dd", "if=/dev/zero", f"of={home / 'fill'}", "bs=1M", "count=16")
        assert filled.returncode != 0 and "quota exceeded" in filled.stderr.lower(), filled.stderr
    finally:
        subprocess.run(["umount", str(mounted)], check=False)


@pytest.fixture
def account():
    """A system account made as the hub makes the students' (its own 0700 home); removed afterwards."""
    name = f"hd{os.getpid() % 100000}"
    subprocess.run(["useradd", "--create-home", "--user-group", "-K", "HOME_MODE=0700", name], check=True)
    yield name
    subprocess.run(["userdel", "--remove", name], check=False, capture_output=True)
    subprocess.run(["groupdel", name], check=False, capture_output=True)


def test_her_server_starts_in_her_limited_home_after_the_hubs_own_hook_and_gives_it_back_when_it_stops(
        account, tmp_path):
    class User:
        name = escaped_name = account
        url = f"/user/{account}/"

    hooked = []
    spawner = LimitedSpawner(user=User(), cmd=["/usr/bin/python3", "-c", "import os; print(os.getcwd(), flush=True)"],
                             log=logging.getLogger("test-spawner"), mem_limit="512M", cpu_limit=1,
                             disk_bytes=LIMIT, disk_folder=str(tmp_path / "disks"), pre_spawn_hook=hooked.append,
                             popen_kwargs={"stdout": subprocess.PIPE, "text": True})
    spawner.get_env = lambda: {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    spawner.get_args = lambda: []
    home = pwd.getpwnam(account).pw_dir

    async def run() -> tuple[str, bool]:
        await spawner.run_pre_spawn_hook()  # as JupyterHub calls it, with a hook that is not async (before_her_server)
        await spawner.start()
        where = await asyncio.to_thread(spawner.proc.stdout.readline)
        mounted = os.path.ismount(home)
        await spawner.stop(now=True)
        return where.strip(), mounted

    try:
        where, mounted = asyncio.run(run())
    finally:
        spawner.home_disk().release()
    assert hooked == [spawner] and where == home and mounted
    assert not os.path.ismount(home)
