"""An account belongs to its student from the start (issue 32, item 2): `hub start` makes a one-time code per
roster account, the first login needs it, and nobody who only knows a classmate's id can set their password.

The first tests use autograder/hub/accounts.py alone (seconds); the last logs in to the real class server.
"""

from __future__ import annotations

import csv
import json
import re
import stat

import pytest
import requests
from hub_testing import PASSWORD as HARNESS_PASSWORD

from autograder.hub import accounts as logins
from autograder.hub.accounts import Accounts, LoginRefused

PEOPLE = {"s1": "김하나", "s2": "이둘", "prof": "강사"}
PASSWORD = "새-비밀번호-42"


def _codes(state) -> dict[str, str]:
    """login-codes.csv as the instructor reads it: 학번 → 코드."""
    with open(state / logins.CODES_FILE, encoding="utf-8-sig", newline="") as handle:
        return {row["학번"]: row["코드"] for row in csv.DictReader(handle)}


@pytest.fixture
def state(tmp_path):
    folder = tmp_path / "hub"
    folder.mkdir(mode=0o700)
    return folder


@pytest.fixture
def issued(state):
    """(accounts, {id: code}) right after `hub start` made the codes."""
    accounts = Accounts(state)
    return accounts, accounts.issue_codes(PEOPLE)


# ---------------------------------------------------------------- the codes
def test_every_account_gets_a_long_unambiguous_code_written_once_for_root(issued, state):
    accounts, codes = issued
    assert set(codes) == set(PEOPLE) and len(set(codes.values())) == len(PEOPLE)
    letters = "".join(logins.CODE_ALPHABET)
    assert all(re.fullmatch(f"[{letters}]{{4}}-[{letters}]{{4}}-[{letters}]{{4}}", code) for code in codes.values())
    assert not set("01OIL") & set(letters)
    assert _codes(state) == codes
    with open(state / logins.CODES_FILE, encoding="utf-8-sig") as handle:
        assert handle.readline().strip() == "학번,이름,코드" and "s1,김하나," in handle.read()
    for name in (logins.CODES_FILE, logins.ACCOUNTS_FILE):
        assert stat.S_IMODE((state / name).stat().st_mode) == 0o600, name


def test_only_a_hash_of_the_code_is_kept(issued, state):
    _, codes = issued
    kept = (state / logins.ACCOUNTS_FILE).read_text(encoding="utf-8")
    for code in codes.values():
        assert code not in kept and logins.normalise_code(code) not in kept
    assert all(entry["code"].startswith("scrypt$") for entry in json.loads(kept).values())


def test_a_second_start_makes_no_new_code_for_an_account_that_has_one_and_one_for_a_new_student(issued, state):
    accounts, codes = issued
    accounts.log_in("s1", PASSWORD, codes["s1"])
    again = Accounts(state)
    assert again.issue_codes(PEOPLE) == {}
    assert sorted(again.unspent()) == ["prof", "s2"]
    added = again.issue_codes({**PEOPLE, "s3": "박셋"})
    assert list(added) == ["s3"]
    assert _codes(state) == {**codes, **added}  # appended: the earlier codes are still there for the instructor


# ---------------------------------------------------------------- the first login
def test_a_classmates_id_without_the_code_sets_no_password(issued):
    accounts, codes = issued
    with pytest.raises(LoginRefused, match="일회용 코드"):
        accounts.log_in("s1", "가로채기-비밀번호")
    with pytest.raises(LoginRefused, match="일회용 코드가 맞지 않습니다"):
        accounts.log_in("s1", "가로채기-비밀번호", codes["s2"])  # one's own code opens no other account
    assert accounts.accounts["s1"].password == ""
    assert accounts.log_in("s1", PASSWORD, codes["s1"]) == "s1"  # the owner still can


def test_the_code_sets_the_password_once_and_is_spent(issued):
    accounts, codes = issued
    typed = codes["s2"].lower().replace("-", " ")  # as a student may type it
    assert accounts.log_in("s2", PASSWORD, typed) == "s2"
    assert accounts.log_in("s2", PASSWORD) == "s2"  # from now on the password alone
    with pytest.raises(LoginRefused, match="비밀번호가 맞지 않습니다"):
        accounts.log_in("s2", "다른-비밀번호-9", codes["s2"])  # the spent code sets nothing
    assert accounts.log_in("s2", PASSWORD) == "s2"


def test_a_short_new_password_is_refused_and_the_code_stays_unspent(issued):
    accounts, codes = issued
    with pytest.raises(LoginRefused, match="8자 이상"):
        accounts.log_in("s1", "짧다", codes["s1"])
    assert accounts.log_in("s1", PASSWORD, codes["s1"]) == "s1"


def test_an_id_not_on_the_roster_is_refused(issued):
    accounts, codes = issued
    with pytest.raises(LoginRefused, match="학번이나 비밀번호가 맞지 않습니다"):
        accounts.log_in("stranger", PASSWORD, codes["s1"])


# ---------------------------------------------------------------- guessing
def test_five_wrong_tries_lock_the_account_for_a_minute_then_longer(issued):
    accounts, codes = issued
    now = 1_000_000.0
    for attempt in range(logins.FREE_FAILURES):
        with pytest.raises(LoginRefused, match="맞지 않습니다"):
            accounts.log_in("s1", PASSWORD, "AAAA-AAAA-AAAA", now=now + attempt)
    last = now + logins.FREE_FAILURES - 1
    with pytest.raises(LoginRefused, match="잠시 잠겼습니다: 60초 뒤"):
        accounts.log_in("s1", PASSWORD, codes["s1"], now=last)  # even the right code waits
    with pytest.raises(LoginRefused, match="맞지 않습니다"):
        accounts.log_in("s1", PASSWORD, "AAAA-AAAA-AAAA", now=last + 60)  # the sixth wrong try
    with pytest.raises(LoginRefused, match="120초 뒤"):
        accounts.log_in("s1", PASSWORD, codes["s1"], now=last + 60)
    assert Accounts(accounts.state).accounts["s1"].failures == logins.FREE_FAILURES + 1  # a restart keeps the count
    assert accounts.log_in("s1", PASSWORD, codes["s1"], now=last + 180) == "s1"
    assert accounts.accounts["s1"].failures == 0
    assert accounts.accounts["s2"].failures == 0  # one account's lock is no other's


def test_the_wait_grows_to_fifteen_minutes_at_most():
    account = logins.Account(failures=logins.FREE_FAILURES + 10, last_failure=0.0)
    assert account.wait(0.0) == logins.LONGEST_WAIT == 900
    assert logins.Account(failures=logins.FREE_FAILURES - 1, last_failure=0.0).wait(0.0) == 0


def test_asking_without_a_code_does_not_count_as_a_guess(issued):
    accounts, codes = issued
    for _ in range(logins.FREE_FAILURES + 2):
        with pytest.raises(LoginRefused, match="처음 로그인입니다"):
            accounts.log_in("s1", PASSWORD)
    assert accounts.log_in("s1", PASSWORD, codes["s1"]) == "s1"


# ---------------------------------------------------------------- a restart
def test_a_restart_keeps_passwords_and_unspent_codes(issued, state):
    accounts, codes = issued
    accounts.log_in("s1", PASSWORD, codes["s1"])
    restarted = Accounts(state)
    assert restarted.log_in("s1", PASSWORD) == "s1"
    assert restarted.log_in("s2", PASSWORD, codes["s2"]) == "s2"
    with pytest.raises(LoginRefused):
        Accounts(state).log_in("s1", "틀린-비밀번호-1")
    assert PASSWORD not in (state / logins.ACCOUNTS_FILE).read_text(encoding="utf-8")


def test_hub_start_writes_codes_for_students_and_instructors_and_says_where(tmp_path, capsys):
    from autograder.hub.server import HubSettings, login_codes

    roster = tmp_path / "roster.csv"
    roster.write_text("학번,이름\ns1,김하나\ns2,이둘\n", encoding="utf-8")
    (tmp_path / "hub").mkdir(mode=0o700)
    settings = HubSettings(course_id="c", home=str(tmp_path), ip="127.0.0.1", port=1, hub_port=2, proxy_api_port=3,
                           service_port=4, students=["s1", "s2"], instructors=["prof"], grader="grader-c",
                           proxy_command="chp", db_url="sqlite://")
    login_codes(settings, roster)
    said = capsys.readouterr().out
    assert f"일회용 로그인 코드 3개를 새로 만들어 {tmp_path / 'hub' / logins.CODES_FILE}에 적었습니다" in said
    assert set(_codes(tmp_path / "hub")) == {"s1", "s2", "prof"}
    login_codes(settings, roster)
    assert "아직 첫 로그인을 하지 않은 계정 3개" in capsys.readouterr().out


# ---------------------------------------------------------------- the real class server
def _post_login(server, name: str, password: str, code: str = "") -> tuple[int, str]:
    """(status, page) of the login form sent as a browser sends it."""
    session = requests.Session()
    session.get(f"{server.base}/hub/login", timeout=30)
    form = {"username": name, "password": password, "code": code, "_xsrf": session.cookies.get("_xsrf")}
    answer = session.post(f"{server.base}/hub/login", data=form, allow_redirects=False, timeout=30)
    return answer.status_code, answer.content.decode("utf-8")  # the hub's text/html names no charset


@pytest.mark.slow
def test_on_the_class_server_a_classmates_id_without_the_code_is_refused(class_server):
    server = class_server
    owner, classmate = server.students
    codes = server.login_codes()
    page = requests.get(f"{server.base}/hub/login", timeout=30).content.decode("utf-8")
    assert "일회용 코드" in page and 'name="code"' in page

    status, page = _post_login(server, owner, "가로채기-비밀번호-1")  # the classmate knows the id, not the code
    assert status == 403 and "처음 로그인입니다" in page, page[-800:]
    status, page = _post_login(server, owner, "가로채기-비밀번호-1", codes[classmate])
    assert status == 403 and "일회용 코드가 맞지 않습니다" in page, page[-800:]

    assert _post_login(server, owner, HARNESS_PASSWORD, codes[owner])[0] == 302  # the owner, with the code
    assert _post_login(server, owner, HARNESS_PASSWORD)[0] == 302  # then id + password
    status, page = _post_login(server, owner, "가로채기-비밀번호-1", codes[owner])  # the code cannot be used twice
    assert status == 403 and "학번이나 비밀번호가 맞지 않습니다" in page, page[-800:]
    kept = (server.home / "hub" / logins.ACCOUNTS_FILE).read_text(encoding="utf-8")
    assert codes[owner] not in kept and HARNESS_PASSWORD not in kept
    assert stat.S_IMODE((server.home / "hub" / logins.CODES_FILE).stat().st_mode) == 0o600
