"""Who may log in to the class server, and with what: a one-time code per roster account until its owner
sets a password, then that password (the authenticator of autograder/hub/jupyterhub_config.py).

``course-grader hub start`` gives every account that has no password yet a code (``Accounts.issue_codes``):
its hash goes into ``<home>/hub/accounts.json``, the code itself once into ``<home>/hub/login-codes.csv``
(학번,이름,코드), both root's alone (0600), for the instructor to hand each student their own. At the
first login the student gives id + code + a new password; the code is then spent and later logins are
id + password. Nobody sets an account's password without its code, so knowing a classmate's id is not
enough to take their account. Codes and passwords are kept as salted scrypt hashes (hashlib, no extra
package); after FREE_FAILURES wrong codes or passwords in a row an account waits before the next try.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import math
import os
import secrets
import threading
import time
from dataclasses import asdict, dataclass
from pathlib import Path

ACCOUNTS_FILE = "accounts.json"  # per account: the password's or the unspent code's hash, the failure count
CODES_FILE = "login-codes.csv"  # the codes themselves, written once, for the instructor to hand out
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: read aloud or copied by hand without doubt
CODE_LENGTH = 12  # 31**12 ≈ 2**59 codes
MIN_PASSWORD = 8
FREE_FAILURES = 5  # wrong codes or passwords in a row before the account has to wait
FIRST_WAIT, LONGEST_WAIT = 60.0, 900.0  # seconds: 1 min after the 5th failure, doubling each further one, at most 15
SCRYPT = {"n": 2**14, "r": 8, "p": 1}  # hashlib.scrypt's cost (16 MiB, tens of milliseconds a check)
LOGIN_TEMPLATES = Path(__file__).with_name("templates")  # the Korean login form with the code field

UNKNOWN_OR_WRONG = "학번이나 비밀번호가 맞지 않습니다."
NEED_CODE = ("처음 로그인입니다: 강사에게 받은 일회용 코드와 새로 정할 비밀번호(8자 이상)를 함께 입력하세요. "
             "코드가 없으면 이 계정에 비밀번호를 정할 수 없습니다.")
WRONG_CODE = "일회용 코드가 맞지 않습니다. 강사에게 받은 코드를 다시 확인하세요 (하이픈과 대소문자는 상관없습니다)."
SHORT_PASSWORD = f"새 비밀번호는 {MIN_PASSWORD}자 이상으로 정하세요 (코드는 아직 쓰지 않았으니 그대로 다시 입력하세요)."
NO_CODE_YET = "이 계정에는 아직 비밀번호도 일회용 코드도 없습니다: 강사에게 알려 주세요."


class LoginRefused(Exception):
    """A login the accounts refuse; the message (Korean) is what the login page shows."""


def new_code() -> str:
    """A fresh one-time code, 'ABCD-EFGH-JKMN': 12 letters and digits (59 bits) from `secrets`."""
    code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return "-".join(code[i:i + 4] for i in range(0, CODE_LENGTH, 4))


def normalise_code(text: str) -> str:
    """The code as typed, without spaces and hyphens, in capitals: 'abcd efgh-jkmn' → 'ABCDEFGHJKMN'."""
    return "".join(ch for ch in text.upper() if ch.isalnum())


def hash_secret(secret: str) -> str:
    """'scrypt$<salt>$<hash>' of `secret` with a fresh 16-byte salt (base64)."""
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(secret.encode("utf-8"), salt=salt, **SCRYPT)
    return "scrypt$" + base64.b64encode(salt).decode() + "$" + base64.b64encode(digest).decode()


def secret_matches(secret: str, stored: str) -> bool:
    """Whether `secret` is what `stored` (hash_secret's result) was made from; False for an empty `stored`."""
    kind, _, rest = stored.partition("$")
    if kind != "scrypt" or "$" not in rest:
        return False
    salt, digest = (base64.b64decode(part) for part in rest.split("$", 1))
    return hmac.compare_digest(hashlib.scrypt(secret.encode("utf-8"), salt=salt, **SCRYPT), digest)


@dataclass
class Account:
    """One login as accounts.json keeps it: hashes only, never a plain code or password."""

    password: str = ""  # the password's hash, once its owner has set it
    code: str = ""  # the unspent one-time code's hash, until then
    failures: int = 0  # wrong codes or passwords in a row
    last_failure: float = 0.0  # time.time() of the latest one

    def wait(self, now: float) -> float:
        """Seconds before this account may try again: 0 below FREE_FAILURES failures in a row."""
        if self.failures < FREE_FAILURES:
            return 0.0
        delay = min(FIRST_WAIT * 2 ** (self.failures - FREE_FAILURES), LONGEST_WAIT)
        return max(0.0, self.last_failure + delay - now)


class Accounts:
    """The class server's logins, kept in <state>/accounts.json (0600); safe to share between threads."""

    def __init__(self, state: Path):
        self.state = Path(state)
        self.path = self.state / ACCOUNTS_FILE
        self.codes_file = self.state / CODES_FILE
        self._lock = threading.Lock()
        saved = json.loads(self.path.read_text(encoding="utf-8")) if self.path.is_file() else {}
        self.accounts = {name: Account(**fields) for name, fields in saved.items()}

    def save(self) -> None:
        """accounts.json replaced in one step (a crash leaves the old or the new file), readable by root only."""
        temporary = self.path.with_name(f".{self.path.name}.{os.getpid()}")
        with open(os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w", encoding="utf-8") as out:
            json.dump({name: asdict(account) for name, account in self.accounts.items()}, out, indent=1)
        os.chmod(temporary, 0o600)
        os.replace(temporary, self.path)

    def issue_codes(self, people: dict[str, str]) -> dict[str, str]:
        """A code for each of `people` (id → name) with neither a password nor an unspent code; the new codes
        (id → code), which are also added to login-codes.csv, the only place they are ever written."""
        with self._lock:
            made = {name: new_code() for name in people if not self._holds(name)}
            for name, code in made.items():
                self.accounts.setdefault(name, Account()).code = hash_secret(normalise_code(code))
            if made:
                self._write_codes({name: (people[name], code) for name, code in made.items()})
                self.save()
            return made

    def unspent(self) -> list[str]:
        """The accounts still waiting for their first login (a code and no password)."""
        return [name for name, account in self.accounts.items() if account.code and not account.password]

    def log_in(self, name: str, password: str, code: str = "", now: float | None = None) -> str:
        """`name` when the login holds: the password, or, before the account has one, the one-time code and the
        new password (which is then set, and the code spent). LoginRefused, with the reason in Korean, when not."""
        now = time.time() if now is None else now
        with self._lock:
            account = self.accounts.get(name)
            if account is None:
                raise LoginRefused(UNKNOWN_OR_WRONG)
            wait = account.wait(now)
            if wait > 0:
                raise LoginRefused(f"틀린 코드나 비밀번호가 {account.failures}번 이어져 이 계정은 잠시 잠겼습니다: "
                                   f"{math.ceil(wait)}초 뒤에 다시 해 보세요.")
            first = not account.password
            if account.password:
                if not secret_matches(password, account.password):
                    self._failed(account, now)
                    raise LoginRefused(UNKNOWN_OR_WRONG)
            elif not account.code:
                raise LoginRefused(NO_CODE_YET)
            elif not normalise_code(code):
                raise LoginRefused(NEED_CODE)
            elif not secret_matches(normalise_code(code), account.code):
                self._failed(account, now)
                raise LoginRefused(WRONG_CODE)
            elif len(password) < MIN_PASSWORD:
                raise LoginRefused(SHORT_PASSWORD)
            else:  # the right code: the account is now its owner's
                account.password, account.code = hash_secret(password), ""
            if first or account.failures:
                account.failures, account.last_failure = 0, 0.0
                self.save()
            return name

    def _holds(self, name: str) -> bool:
        account = self.accounts.get(name)
        return account is not None and bool(account.password or account.code)

    def _failed(self, account: Account, now: float) -> None:
        account.failures += 1
        account.last_failure = now
        self.save()

    def _write_codes(self, rows: dict[str, tuple[str, str]]) -> None:
        """login-codes.csv, 0600, with the header when new (UTF-8 with BOM, as Excel reads Korean CSV)."""
        new = not self.codes_file.exists()
        handle = os.open(self.codes_file, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        os.fchmod(handle, 0o600)
        with open(handle, "w", encoding="utf-8-sig" if new else "utf-8", newline="") as out:
            if new:
                out.write("학번,이름,코드\r\n")
            for name, (person, code) in rows.items():
                out.write(f"{name},{person.replace(',', ' ')},{code}\r\n")
