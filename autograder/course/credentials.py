"""The gradebook's password, kept where only its account reads it: never on a command line (every account reads
every process's /proc/<pid>/cmdline) nor in a file another account can read.

``--db-url`` of every command takes:

- a URL (``postgresql://grader@127.0.0.1/attention``): with no password in it, the PostgreSQL driver (libpq) finds
  one as usual: ``PGPASSWORD``, then ``PGPASSFILE`` or ``~/.pgpass`` (used only when 0600 or less);
- ``@FILE``: the URL written in FILE, which must be a real file of this account's (or root's) that no other
  account may read (0600 or less);
- nothing: ``COURSE_GRADER_DB_URL`` of the environment when set (a systemd unit's ``EnvironmentFile=``, 0600),
  otherwise the course's own setting.

A command that runs all term (``hub start``) refuses a password written in the URL on its command line, with a line
that says which of the above to use instead.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from autograder.course.context import CourseError

URL_VARIABLE = "COURSE_GRADER_DB_URL"
FILE_MARK = "@"
SECRET_VARIABLES = (URL_VARIABLE, "PGPASSWORD")  # what a process started for others must not inherit
HOW = ("put the password in ~/.pgpass (one line host:port:database:user:password, `chmod 600 ~/.pgpass`; "
       "PGPASSFILE names another such file) and give --db-url without it (postgresql://user@host/database), or "
       f"write the whole URL in a file only you can read and give --db-url {FILE_MARK}that-file, or set "
       f"{URL_VARIABLE} (a systemd unit's EnvironmentFile=, 0600)")


class ExposedSecret(CourseError):
    """The gradebook's password would be readable by other accounts (the message says where to keep it)."""


def database_url(given: str | None, *, long_running: bool = False) -> str | None:
    """The gradebook URL --db-url means (see the module's docstring); None: the course's own setting.
    `long_running`: the command runs all term, so a password in a URL on its command line is refused."""
    if given is None:
        return os.environ.get(URL_VARIABLE) or None
    if given.startswith(FILE_MARK):
        return read_private(Path(given[len(FILE_MARK):])).strip()
    if long_running and password_in(given):
        raise ExposedSecret(f"--db-url has the gradebook's password in it: every account on this machine can read "
                            f"it in `ps` for as long as the server runs, so nothing was started. Instead, {HOW}.")
    return given


def read_private(path: Path) -> str:
    """The text of `path`, a real file of this account's or root's that no other account may read; ExposedSecret
    (what to change) otherwise."""
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError as error:
        raise ExposedSecret(f"cannot read the gradebook URL file {path}: {error.strerror} (a symbolic link is "
                            "not followed)") from None
    with os.fdopen(descriptor, encoding="utf-8") as handle:
        info = os.fstat(handle.fileno())
        if not stat.S_ISREG(info.st_mode) or info.st_uid not in (0, os.geteuid()) or info.st_mode & 0o077:
            raise ExposedSecret(f"{path} holds the gradebook's password but other accounts may read or change it "
                                f"(owner uid {info.st_uid}, {stat.filemode(info.st_mode)}): `chown $USER {path}; "
                                f"chmod 600 {path}` and run again")
        return handle.read()


def password_in(url: str) -> str | None:
    """The password written in `url`, if any."""
    try:
        return make_url(url).password
    except ArgumentError:
        return None


def without_password(url: str) -> str:
    """`url` with its password left out (the driver then finds it as libpq does)."""
    try:
        return make_url(url)._replace(password=None).render_as_string(hide_password=False)  # set() keeps it
    except ArgumentError:
        return url


def password_for(url: str) -> str | None:
    """The password a connection to `url` uses, found as libpq finds it: the URL's own, PGPASSWORD, then the
    first matching line of PGPASSFILE or ~/.pgpass (ignored, as libpq does, when others may read it)."""
    own = password_in(url) or os.environ.get("PGPASSWORD")
    if own:
        return own
    passfile = Path(os.environ.get("PGPASSFILE") or Path.home() / ".pgpass")
    try:
        text = read_private(passfile)
    except ExposedSecret:
        return None
    target = pgpass_fields(url)
    for line in text.splitlines():
        fields = _split_pgpass(line)
        if len(fields) == 5 and all(pattern in ("*", value) for pattern, value in zip(fields[:4], target)):
            return fields[4]
    return None


def pgpass_fields(url: str) -> tuple[str, str, str, str]:
    """(host, port, database, user) of `url` as a .pgpass line names them."""
    parsed = make_url(url)
    return (parsed.host or "localhost", str(parsed.port or 5432), parsed.database or "",
            parsed.username or "")


def pgpass_line(url: str, password: str) -> str:
    """The .pgpass line that gives `password` for `url`."""
    return ":".join(_escape(field) for field in (*pgpass_fields(url), password)) + "\n"


def _escape(field: str) -> str:
    return field.replace("\\", "\\\\").replace(":", "\\:")


def _split_pgpass(line: str) -> list[str]:
    """A .pgpass line's fields (':' separates, '\\' escapes); [] for a comment."""
    if line.startswith("#"):
        return []
    fields, current, escaped = [], "", False
    for character in line:
        if escaped:
            current, escaped = current + character, False
        elif character == "\\":
            escaped = True
        elif character == ":":
            fields.append(current)
            current = ""
        else:
            current += character
    return [*fields, current]
