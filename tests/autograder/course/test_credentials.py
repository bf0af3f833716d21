"""The gradebook's password where only its account reads it (issue 40, item 2): never on the command line of a
command that runs all term, read from a 0600 file, the environment or ~/.pgpass as libpq reads it."""

from __future__ import annotations

import pytest

from autograder.cli import main
from autograder.course import credentials

SECRET = "s3cret-on-the-command-line"
URL = f"postgresql://grader:{SECRET}@127.0.0.1:5432/attention"


def test_a_gradebook_password_on_hub_starts_command_line_is_refused_before_anything_starts(tmp_path, capsys):
    code = main(["hub", "start", "--home", str(tmp_path / "home"), "--roster", str(tmp_path / "roster.csv"),
                 "--instructor", "teacher", "--host", "hub.example.org", "--db-url", URL])
    said = capsys.readouterr().err
    assert code == 2
    assert ".pgpass" in said and "ps" in said, said
    assert SECRET not in said
    assert not (tmp_path / "home").exists()


def test_a_url_file_other_accounts_may_read_is_refused_with_the_chmod_that_fixes_it(tmp_path):
    shared = tmp_path / "db-url"
    shared.write_text(URL, encoding="utf-8")
    shared.chmod(0o644)
    with pytest.raises(credentials.ExposedSecret, match="chmod 600"):
        credentials.database_url(f"@{shared}")
    shared.chmod(0o600)
    assert credentials.database_url(f"@{shared}", long_running=True) == URL


def test_a_link_given_as_the_url_file_is_not_followed(tmp_path):
    private = tmp_path / "db-url"
    private.write_text(URL, encoding="utf-8")
    private.chmod(0o600)
    (tmp_path / "link").symlink_to(private)
    with pytest.raises(credentials.ExposedSecret, match="link"):
        credentials.database_url(f"@{tmp_path / 'link'}")


def test_without_db_url_the_environments_url_is_used(monkeypatch):
    monkeypatch.setenv(credentials.URL_VARIABLE, URL)
    assert credentials.database_url(None, long_running=True) == URL


def test_the_password_is_found_in_a_private_pgpass_and_not_in_one_others_can_read(tmp_path, monkeypatch):
    passfile = tmp_path / "pgpass"
    passfile.write_text("# course\nother:5432:*:grader:wrong\n127.0.0.1:*:attention:grader:pa\\:ss\n",
                        encoding="utf-8")
    passfile.chmod(0o600)
    monkeypatch.setenv("PGPASSFILE", str(passfile))
    monkeypatch.delenv("PGPASSWORD", raising=False)
    bare = credentials.without_password(URL)
    assert SECRET not in bare
    assert credentials.password_for(bare) == "pa:ss"
    assert credentials.password_for(URL) == SECRET
    passfile.chmod(0o644)  # libpq ignores such a file
    assert credentials.password_for(bare) is None


def test_a_pgpass_line_written_for_a_password_reads_back(tmp_path, monkeypatch):
    passfile = tmp_path / "pgpass"
    passfile.write_text(credentials.pgpass_line(URL, "a:b\\c"), encoding="utf-8")
    passfile.chmod(0o600)
    monkeypatch.setenv("PGPASSFILE", str(passfile))
    monkeypatch.delenv("PGPASSWORD", raising=False)
    assert credentials.password_for(credentials.without_password(URL)) == "a:b\\c"
