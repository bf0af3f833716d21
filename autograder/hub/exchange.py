"""The class server's exchange knows who submitted, and when: nbgrader exchange classes that nbgrader's
``ExchangeFactory`` hands out (selected in the server's nbgrader_config.py, autograder/hub/server.py), so
``course-grader hub collect``, ``nbgrader collect`` and the formgrader's Collect button all go through them.

nbgrader 0.9.6's collect believes the inbound folder's names: a student's folder named for a classmate with a
later timestamp replaced the classmate's submission ("cheating attempt?" was only a warning), and a symbolic
link in inbound was followed into the course's source/. Here an inbound entry counts only when it is a real
folder owned (``lstat``) by the system account of the student it names, and everything in it is a regular
file or folder of that account, no hard link, within nbgrader's size limits, with nbgrader's
submission_secret.txt (release_feedback needs it for every collected submission); anything else refuses the
whole entry with a Korean line naming it and why (a submission nbgrader's submit makes never holds such
things: its copy writes regular files, so only a hand-made entry is refused, and a partial submission is
never graded as if complete). Nothing is followed: the tree is read through directory descriptors opened
with ``O_NOFOLLOW`` and copied into submitted/ the same way.

The submission time is the newest ``st_ctime`` over the entry's tree, which the kernel sets and the student
can only push forward (touching, writing, renaming), never back; the folder's name and its timestamp.txt,
both written by the student, are not read. That time is written to submitted/'s timestamp.txt, so a late
penalty and ``--update`` use it; with several entries of one student the newest by that time wins.

A student's own folder in inbound (``inbound/<her account>/``: on the class server her disk image's folder bound
there, autograder/hub/disks.py, so what she submits counts against her own limit) is read the same way: opened
without following a link, every entry in it must name her and be hers. ``CheckedSubmit`` writes there when the folder
exists, and to inbound itself (nbgrader's layout) otherwise.

``CheckedRelease`` keeps the exchange's root and the inbound folder closed to students (``EXCHANGE_ROOT_MODE``,
``INBOUND_MODE``: nbgrader makes both open to all, and every step of nbgrader's checks it can write the root; here the
students' steps need only that it is a folder, ``ClosedRoot``), so a student adds nothing on the exchange's disk but
in her own folder, where no classmate writes. ``CheckedSubmit`` closes a
student's entry to classmates (``ENTRY_MODE``; nbgrader leaves it open to all), so even a classmate who learnt
its name can neither read nor change what is in it.

The formgrader and the grader's nbgrader run in the students' environment, which has no ``autograder``
package: ``hub start`` copies this file there as ``course_exchange``, so it imports only the standard
library and nbgrader.
"""

from __future__ import annotations

import base64
import datetime
import fnmatch
import os
import pwd
import shutil
import stat
import tempfile
from dataclasses import dataclass, field

from nbgrader.api import Gradebook, MissingEntry
from nbgrader.exchange.default.collect import ExchangeCollect
from nbgrader.exchange.default.fetch_assignment import ExchangeFetchAssignment
from nbgrader.exchange.default.fetch_feedback import ExchangeFetchFeedback
from nbgrader.exchange.default.list import ExchangeList
from nbgrader.exchange.default.release_assignment import ExchangeReleaseAssignment
from nbgrader.exchange.default.submit import ExchangeSubmit
from nbgrader.utils import check_mode, get_username

from helpers.korean import Particle, attach

# inbound: the grader's; students reach their own folder in it (search) but neither add to it nor list it
INBOUND_MODE = 0o711
ENTRY_MODE = 0o750  # a submission: its student writes, the grader's group (the setgid inbound's) reads, no one else
MAX_ENTRIES_PER_STUDENT = 100  # one student's entries for one assignment; more refuses them all
MAX_ITEMS = 2000  # files and folders in one submission
MAX_DEPTH = 16  # folders inside folders in one submission
MAX_REFUSAL_LINES = 30  # refusals printed one by one; the rest are counted
TIMESTAMP_FILE = "timestamp.txt"  # nbgrader's, in submitted/: written by the server here
SECRET_FILE = "submission_secret.txt"  # nbgrader's submit writes it; release_feedback names feedback with it
DIRECTORY_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
CHUNK = 1 << 20


class Refused(Exception):
    """An inbound entry that is not collected; the message (Korean) says what is wrong in it."""


@dataclass(frozen=True)
class Limits:
    """What one submission may hold (nbgrader's max_dir_size and max_file_size, in bytes)."""

    max_bytes: int
    max_file_bytes: int
    max_items: int = MAX_ITEMS
    max_depth: int = MAX_DEPTH


@dataclass(frozen=True)
class Submission:
    """An inbound entry that passed: the student it names (and whose account owns all of it), and the
    newest change time the kernel recorded in it."""

    student: str
    entry: str
    changed_ns: int
    folder: str = ""  # her own folder in inbound that holds the entry; "": inbound itself

    @property
    def submitted_at(self) -> datetime.datetime:
        """The server's time of the submission, naive UTC as nbgrader compares timestamps."""
        return server_time(self.changed_ns).replace(tzinfo=None)


@dataclass(frozen=True)
class Refusal:
    entry: str
    reason: str

    def line(self) -> str:
        return f"제출함의 {attach(repr(self.entry), Particle.TOPIC)} 걷지 않았습니다: {self.reason}"


@dataclass
class Inbound:
    """What the inbound folder holds for one assignment: the entries that passed, and the refused ones (the
    first MAX_REFUSAL_LINES entries one by one and how many more, and each student with too many entries)."""

    submissions: list[Submission] = field(default_factory=list)
    refusals: list[Refusal] = field(default_factory=list)
    more_refused: int = 0

    def refuse(self, entry: str, reason: str) -> None:
        if len(self.refusals) < MAX_REFUSAL_LINES:
            self.refusals.append(Refusal(entry, reason))
        else:
            self.more_refused += 1

    def lines(self) -> list[str]:
        more = [f"그 밖에도 {self.more_refused}개를 같은 이유들로 걷지 않았습니다"] if self.more_refused else []
        return [refusal.line() for refusal in self.refusals] + more


def server_time(changed_ns: int) -> datetime.datetime:
    seconds, nanoseconds = divmod(changed_ns, 1_000_000_000)
    return datetime.datetime.fromtimestamp(seconds, datetime.UTC).replace(microsecond=nanoseconds // 1000)


def account_name(uid: int) -> str:
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return f"uid {uid}"


def claimed_student(entry: str, assignment: str) -> str | None:
    """The student an inbound entry's name claims (nbgrader's <student>+<assignment>+<time>[+<random>]), or
    None when it is not an entry for `assignment`."""
    parts = entry.split("+")
    return parts[0] if len(parts) >= 3 and parts[1] == assignment else None


# ------------------------------------------------------------------ reading an entry without following anything
@dataclass
class _Tally:
    items: int = 0
    bytes: int = 0


@dataclass(frozen=True)
class _Copy:
    """Where an entry is copied to (a folder descriptor of the copy), and which names nbgrader leaves out."""

    folder_fd: int
    ignore: tuple[str, ...]
    include: tuple[str, ...]

    def leaves_out(self, name: str, is_file: bool) -> bool:
        if any(fnmatch.fnmatch(name, pattern) for pattern in self.ignore):
            return True
        return is_file and not any(fnmatch.fnmatch(name, pattern) for pattern in self.include)


def _check(status: os.stat_result, uid: int, where: str) -> None:
    """Refused unless `status` is a regular file (one link) or a folder of the account `uid`."""
    if stat.S_ISLNK(status.st_mode):
        raise Refused(f"{attach(where, Particle.SUBJECT)} 심볼릭 링크입니다 (링크는 따라가지 않습니다)")
    if not (stat.S_ISDIR(status.st_mode) or stat.S_ISREG(status.st_mode)):
        raise Refused(f"{attach(where, Particle.SUBJECT)} 보통 파일이나 폴더가 아닙니다 (FIFO, 소켓, 장치 파일)")
    if status.st_uid != uid:
        raise Refused(f"{where}의 주인이 {account_name(status.st_uid)}입니다 ({account_name(uid)}의 것이 아닙니다)")
    if stat.S_ISREG(status.st_mode) and status.st_nlink != 1:
        raise Refused(f"{attach(where, Particle.SUBJECT)} 하드 링크입니다 (다른 이름이 {status.st_nlink - 1}개 더 "
                      "있습니다)")


def _same(opened: os.stat_result, listed: os.stat_result, where: str) -> None:
    if (opened.st_dev, opened.st_ino) != (listed.st_dev, listed.st_ino):
        raise Refused(f"{attach(where, Particle.SUBJECT)} 읽는 동안 바뀌었습니다")


def _walk(folder_fd: int, uid: int, limits: Limits, tally: _Tally, where: str, depth: int,
          copy: _Copy | None) -> int:
    """The newest change time (ns) of what the folder open at `folder_fd` holds, every entry checked and,
    when `copy` is given, copied into it (except what nbgrader leaves out); Refused at the first bad one."""
    names = []
    with os.scandir(folder_fd) as listing:
        for entry in listing:  # counted as listed: a folder of a million names is refused at the limit
            names.append(entry.name)
            tally.items += 1
            if tally.items > limits.max_items:
                raise Refused(f"파일과 폴더가 {limits.max_items}개를 넘습니다")
    newest = 0
    for name in names:
        path = f"{where}/{name}"
        status = os.stat(name, dir_fd=folder_fd, follow_symlinks=False)
        _check(status, uid, path)
        newest = max(newest, status.st_ctime_ns)
        is_file = stat.S_ISREG(status.st_mode)
        child_copy = copy if copy is not None and not (depth == 0 and name == TIMESTAMP_FILE) \
            and not copy.leaves_out(name, is_file) else None
        if is_file:
            tally.bytes += status.st_size
            if status.st_size > limits.max_file_bytes or tally.bytes > limits.max_bytes:
                raise Refused(f"{path}까지 합쳐 nbgrader의 크기 제한을 넘습니다 (파일 하나 {limits.max_file_bytes} "
                              f"바이트, 모두 {limits.max_bytes} 바이트)")
            if child_copy is not None:
                newest = max(newest, _copy_file(folder_fd, name, status, uid, limits, path, child_copy.folder_fd))
            continue
        if depth + 1 > limits.max_depth:
            raise Refused(f"폴더가 {limits.max_depth}단계보다 깊습니다 ({path})")
        inner = os.open(name, DIRECTORY_FLAGS, dir_fd=folder_fd)
        try:
            _same(os.fstat(inner), status, path)
            inner_copy = None
            if child_copy is not None:
                os.mkdir(name, 0o755, dir_fd=child_copy.folder_fd)
                inner_copy = _Copy(os.open(name, DIRECTORY_FLAGS, dir_fd=child_copy.folder_fd), child_copy.ignore,
                                   child_copy.include)
            try:
                newest = max(newest, _walk(inner, uid, limits, tally, path, depth + 1, inner_copy))
            finally:
                if inner_copy is not None:
                    os.close(inner_copy.folder_fd)
            newest = max(newest, os.fstat(inner).st_ctime_ns)  # anything added while it was read
        finally:
            os.close(inner)
    return newest


def _copy_file(folder_fd: int, name: str, listed: os.stat_result, uid: int, limits: Limits, where: str,
               target_fd: int) -> int:
    """The file copied into the folder `target_fd` (opened without following a link and checked again once
    open); its change time after the copy."""
    source = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, dir_fd=folder_fd)
    try:
        opened = os.fstat(source)
        _check(opened, uid, where)
        _same(opened, listed, where)
        target = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644,
                         dir_fd=target_fd)
        try:
            written = 0
            while chunk := os.read(source, CHUNK):
                written += len(chunk)
                if written > limits.max_file_bytes:
                    raise Refused(f"{attach(where, Particle.SUBJECT)} 읽는 동안 nbgrader의 크기 제한을 넘었습니다")
                os.write(target, chunk)
        finally:
            os.close(target)
        return os.fstat(source).st_ctime_ns
    finally:
        os.close(source)


def _entry_problem(listed: os.stat_result, uid: int) -> str | None:
    """Why an inbound entry with this lstat is not a submission of the account `uid`, or None."""
    if stat.S_ISLNK(listed.st_mode):
        return "심볼릭 링크입니다 (링크는 따라가지 않습니다)"
    if not stat.S_ISDIR(listed.st_mode):
        return "폴더가 아닙니다"
    if listed.st_uid != uid:
        return (f"{account_name(uid)}의 폴더가 아닙니다 (주인: {account_name(listed.st_uid)}). "
                "다른 학생의 이름으로 낸 것으로 보입니다")
    return None


def _open_entry(inbound_fd: int, entry: str, uid: int) -> tuple[int, os.stat_result]:
    """The entry's folder, opened without following a link, checked to be a folder of `uid`."""
    listed = os.stat(entry, dir_fd=inbound_fd, follow_symlinks=False)
    problem = _entry_problem(listed, uid)
    if problem:
        raise Refused(problem)
    opened = os.open(entry, DIRECTORY_FLAGS, dir_fd=inbound_fd)
    status = os.fstat(opened)
    if (status.st_dev, status.st_ino, status.st_uid) != (listed.st_dev, listed.st_ino, uid):
        os.close(opened)
        raise Refused("읽는 동안 바뀌었습니다")
    return opened, status


def examine(inbound_fd: int, entry: str, student: str, uid: int, limits: Limits) -> Submission:
    """The entry as a Submission of `student` (account `uid`), or Refused saying why not."""
    try:
        opened, status = _open_entry(inbound_fd, entry, uid)
        try:
            newest = _walk(opened, uid, limits, _Tally(), ".", 0, None)
            if SECRET_FILE not in os.listdir(opened):  # nbgrader's release_feedback stops the whole class on it
                raise Refused(f"nbgrader의 submit이 쓰는 {attach(SECRET_FILE, Particle.SUBJECT)} 없습니다")
            return Submission(student, entry, max(newest, status.st_ctime_ns, os.fstat(opened).st_ctime_ns))
        finally:
            os.close(opened)
    except OSError as error:  # removed or replaced while it was read (a link opened with O_NOFOLLOW: ELOOP)
        raise Refused(f"읽는 동안 바뀌었습니다 ({error.strerror})") from None


def read_inbound(inbound: str, assignment: str, limits: Limits, student: str | None = None) -> Inbound:
    """Every entry of `inbound` and of the students' own folders in it for `assignment` (of `student` alone when
    given), examined."""
    found = Inbound()
    inbound_fd = os.open(inbound, DIRECTORY_FLAGS)
    folders = {"": inbound_fd}
    try:
        claims = _claims(inbound_fd, "", assignment)
        for name in _own_folders(inbound_fd, student):
            try:
                folders[name] = os.open(name, DIRECTORY_FLAGS, dir_fd=inbound_fd)
            except OSError:  # a link (ELOOP), or removed since the listing
                found.refuse(name, "심볼릭 링크이거나 읽는 동안 바뀌었습니다")
                continue
            claims += _claims(folders[name], name, assignment)
        owned = _owned_entries(folders, claims, student, found)
        for claimed, entries in sorted(owned.items()):
            if len(entries) > MAX_ENTRIES_PER_STUDENT:
                found.refusals.append(Refusal(  # one line per student, never left out of the count
                    f"{claimed}+{assignment}+… ({len(entries)}개)",
                    f"{claimed}의 제출 폴더가 {MAX_ENTRIES_PER_STUDENT}개를 넘습니다: 그 학생에게 물어 정리한 뒤 "
                    "다시 걷으세요"))
                continue
            uid = pwd.getpwnam(claimed).pw_uid
            for folder, entry in sorted(entries):
                try:
                    found.submissions.append(_in_folder(examine(folders[folder], entry, claimed, uid, limits), folder))
                except Refused as refused:
                    found.refuse(_shown(folder, entry), str(refused))
    finally:
        for descriptor in folders.values():
            os.close(descriptor)
    return found


def _in_folder(submission: Submission, folder: str) -> Submission:
    return Submission(submission.student, submission.entry, submission.changed_ns, folder)


def _shown(folder: str, entry: str) -> str:
    return f"{folder}/{entry}" if folder else entry


def _claims(folder_fd: int, folder: str, assignment: str) -> list[tuple[str, str, str]]:
    """(folder, entry, claimed student) for each entry of the folder open at `folder_fd` for `assignment`."""
    with os.scandir(folder_fd) as listing:
        return [(folder, entry.name, claimed) for entry in listing
                if (claimed := claimed_student(entry.name, assignment)) is not None]


def _own_folders(inbound_fd: int, student: str | None) -> list[str]:
    """The names in inbound that are a student's own folder (an account's name, not an nbgrader entry's)."""
    with os.scandir(inbound_fd) as listing:
        names = [entry.name for entry in listing if "+" not in entry.name and (not student or entry.name == student)]
    return sorted(name for name in names if _account_uid(name) >= 0)


def _account_uid(name: str) -> int:
    try:
        return pwd.getpwnam(name).pw_uid
    except KeyError:
        return -1


def _owned_entries(folders: dict[str, int], claims: list[tuple[str, str, str]], student: str | None,
                   found: Inbound) -> dict[str, list[tuple[str, str]]]:
    """Each claimed student's (folder, entry) pairs that are real folders of her account in inbound or in her own
    folder; the others refused in `found`."""
    owned: dict[str, list[tuple[str, str]]] = {}
    for folder, entry, claimed in claims:
        if student and claimed != student:
            continue
        uid = _account_uid(claimed)
        if uid < 0:
            found.refuse(_shown(folder, entry), f"이름이 '{claimed}'인 계정이 이 서버에 없습니다")
            continue
        if folder and folder != claimed:
            found.refuse(_shown(folder, entry), f"{folder}의 폴더에 있는 {claimed}의 이름입니다")
            continue
        try:
            problem = _entry_problem(os.stat(entry, dir_fd=folders[folder], follow_symlinks=False), uid)
        except FileNotFoundError:  # removed since the listing
            continue
        if problem:
            found.refuse(_shown(folder, entry), problem)
        else:
            owned.setdefault(claimed, []).append((folder, entry))
    return owned


def latest(submissions: list[Submission], duedate: datetime.datetime | None = None,
           before_duedate: bool = False) -> list[Submission]:
    """Each student's newest submission by the server's time (with `before_duedate`, the newest one at or
    before `duedate` when there is one), in student order."""
    chosen = []
    for student in sorted({submission.student for submission in submissions}):
        theirs = sorted((s for s in submissions if s.student == student), key=lambda s: s.changed_ns, reverse=True)
        in_time = [s for s in theirs if duedate is not None and s.submitted_at <= duedate]
        chosen.append(in_time[0] if before_duedate and in_time else theirs[0])
    return chosen


def copy_submission(inbound: str, submission: Submission, target: str, limits: Limits,
                    ignore: tuple[str, ...] = (), include: tuple[str, ...] = ("*",)) -> int:
    """The entry's files copied into the empty folder `target`, checked again as they are read (it may
    have changed since it was examined); the newest change time seen. Refused leaves `target` part-filled."""
    uid = pwd.getpwnam(submission.student).pw_uid
    folder_fd = os.open(inbound, DIRECTORY_FLAGS)
    try:
        if submission.folder:
            inbound_fd, folder_fd = folder_fd, os.open(submission.folder, DIRECTORY_FLAGS, dir_fd=folder_fd)
            os.close(inbound_fd)
        opened, status = _open_entry(folder_fd, submission.entry, uid)
    except OSError as error:
        raise Refused(f"걷는 동안 없어졌습니다 ({error.strerror})") from None
    finally:
        os.close(folder_fd)
    target_fd = os.open(target, DIRECTORY_FLAGS)
    try:
        newest = _walk(opened, uid, limits, _Tally(), ".", 0, _Copy(target_fd, ignore, include))
        return max(newest, status.st_ctime_ns, os.fstat(opened).st_ctime_ns)
    except OSError as error:
        raise Refused(f"걷는 동안 바뀌었습니다 ({error.strerror})") from None
    finally:
        os.close(target_fd)
        os.close(opened)


# ------------------------------------------------------------------ nbgrader's exchange classes
class CheckedCollect(ExchangeCollect):
    """nbgrader's collect, taking only entries that belong to the student they name, at the server's time."""

    def limits(self) -> Limits:
        return Limits(max_bytes=1000 * self.coursedir.max_dir_size, max_file_bytes=1000 * self.coursedir.max_file_size)

    def init_src(self):
        if self.coursedir.course_id == "":
            self.fail("No course id specified. Re-run with --course flag.")
        self.course_path = os.path.join(self.root, self.coursedir.course_id)
        self.inbound_path = os.path.join(self.course_path, "inbound")
        if not os.path.isdir(self.inbound_path):
            self.fail(f"Course not found: {self.inbound_path}")
        if not check_mode(self.inbound_path, read=True, execute=True):
            self.fail(f"You don't have read permissions for the directory: {self.inbound_path}")
        student = self.coursedir.student_id
        inbound = read_inbound(self.inbound_path, self.coursedir.assignment_id, self.limits(),
                               None if student in ("", "*") else student)
        for line in inbound.lines():
            self.log.warning(line)
        with Gradebook(self.coursedir.db_url, self.coursedir.course_id) as gradebook:
            try:
                self.duedate = gradebook.find_assignment(self.coursedir.assignment_id).duedate
            except MissingEntry:
                self.duedate = None
        self.src_records = latest(inbound.submissions, self.duedate, self.before_duedate)

    def copy_files(self):
        assignment = self.coursedir.assignment_id
        if not self.src_records:
            self.log.warning(f"No submissions of '{assignment}' for course '{self.coursedir.course_id}' to collect")
        for submission in self.src_records:
            self.collect_one(submission)

    def collect_one(self, submission: Submission) -> None:
        """The submission copied into submitted/<student>/<assignment>/ with the server's time, replacing an
        older collected one only as nbgrader's --update and --before-duedate say; a refusal keeps the old."""
        student, assignment = submission.student, self.coursedir.assignment_id
        target = self.coursedir.format_path(self.coursedir.submitted_directory, student, assignment)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        existing = os.path.isdir(target)
        if existing:
            collected = self.coursedir.get_existing_timestamp(target)
            newer = collected is None or submission.submitted_at > collected
            if not ((self.update and newer) or (self.before_duedate and collected != submission.submitted_at)):
                self.log.info(f"No newer submission to collect: {student} {assignment}" if self.update else
                              f"Submission already exists, use --update to update: {student} {assignment}")
                return
        staged = tempfile.mkdtemp(prefix=".collecting-", dir=os.path.dirname(target))
        try:
            changed_ns = copy_submission(self.inbound_path, submission, staged, self.limits(),
                                         tuple(self.coursedir.ignore), tuple(self.coursedir.include))
            with open(os.path.join(staged, TIMESTAMP_FILE), "w", encoding="utf-8") as handle:
                handle.write(server_time(changed_ns).strftime(self.timestamp_format))
            os.chmod(staged, 0o755)
            if existing:
                shutil.rmtree(target)
            os.rename(staged, target)
        except Refused as refused:
            self.log.warning(Refusal(_shown(submission.folder, submission.entry), str(refused)).line())
            return
        finally:
            shutil.rmtree(staged, ignore_errors=True)
        when = server_time(changed_ns).strftime(self.timestamp_format)
        self.log.info(f"{'Updating' if existing else 'Collecting'} submission: {student} {assignment} "
                      f"(server time {when}, from {submission.entry})")


EXCHANGE_ROOT_MODE = 0o755  # the exchange's root: the grader's; nbgrader makes it (and wants it) open to all


class ClosedRoot:
    """An nbgrader exchange step that does not need the exchange's root open to all (nbgrader checks every step can
    write there, and its release makes it 0777): only that it is a folder."""

    def ensure_root(self):
        if not os.path.isdir(self.root):
            self.fail(f"The exchange folder {self.root} does not exist: ask your instructor")


class CheckedFetch(ClosedRoot, ExchangeFetchAssignment):
    """nbgrader's fetch_assignment, with the exchange's root closed (ClosedRoot)."""


class CheckedFetchFeedback(ClosedRoot, ExchangeFetchFeedback):
    """nbgrader's fetch_feedback, with the exchange's root closed (ClosedRoot)."""


class CheckedList(ClosedRoot, ExchangeList):
    """nbgrader's list, with the exchange's root closed (ClosedRoot)."""


class CheckedRelease(ExchangeReleaseAssignment):
    """nbgrader's release, leaving the exchange's root with EXCHANGE_ROOT_MODE and the inbound folder with INBOUND_MODE
    (nbgrader makes both open to all, and changes nothing on an inbound that exists)."""

    def ensure_root(self):
        os.makedirs(self.root, mode=EXCHANGE_ROOT_MODE, exist_ok=True)
        status = os.lstat(self.root)
        if stat.S_ISDIR(status.st_mode) and status.st_uid == os.geteuid() and \
                stat.S_IMODE(status.st_mode) != EXCHANGE_ROOT_MODE:
            os.chmod(self.root, EXCHANGE_ROOT_MODE)

    def init_dest(self):
        super().init_dest()
        status = os.lstat(self.inbound_path)
        if stat.S_ISDIR(status.st_mode) and status.st_uid == os.geteuid() and \
                stat.S_IMODE(status.st_mode) != INBOUND_MODE:
            os.chmod(self.inbound_path, INBOUND_MODE)


class CheckedSubmit(ClosedRoot, ExchangeSubmit):
    """nbgrader's submit, leaving the entry with ENTRY_MODE instead of open to all (0777): a classmate who
    learnt its name could otherwise read it, empty it or add
    files that push its time later. The entry has the grader's group from the inbound folder's setgid bit (or her own
    folder's). Where inbound holds her own folder (inbound/<her account>/), the entry is written there."""

    def init_dest(self):
        own = os.path.join(self.root, self.coursedir.course_id, "inbound", get_username())
        if not os.path.isdir(own):
            super().init_dest()
            return
        student = self.coursedir.student_id
        if student not in ("*", get_username()):
            self.fail(f"Submitting as another student ({student}) is not allowed here")
        if not self.authenticator.has_access(get_username(), self.coursedir.course_id):
            self.fail("You do not have access to this course.")
        if not check_mode(own, write=True, execute=True):
            self.fail(f"You don't have write permissions to the directory: {own}")
        self.inbound_path = own
        self.cache_path = os.path.join(self.cache, self.coursedir.course_id)
        random = base64.urlsafe_b64encode(os.urandom(9)).decode("ascii")
        self.assignment_filename = f"{get_username()}+{self.coursedir.assignment_id}+{self.timestamp}" + \
            (f"+{random}" if self.add_random_string else "")

    def copy_files(self):
        super().copy_files()
        os.chmod(os.path.join(self.inbound_path, self.assignment_filename), ENTRY_MODE)
