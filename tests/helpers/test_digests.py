"""helpers.digests: a file's SHA-256 once a process for each state of the file, and a new one when it changes."""

from __future__ import annotations

import hashlib

from helpers import digests


def test_a_files_digest_is_its_sha256_and_follows_the_file_when_it_changes(tmp_path):
    path = tmp_path / "weights.bin"
    path.write_bytes(b"first")
    assert digests.sha256(path) == hashlib.sha256(b"first").hexdigest()
    path.write_bytes(b"second, longer")
    assert digests.sha256(path) == hashlib.sha256(b"second, longer").hexdigest()


def test_an_unchanged_file_is_read_once(tmp_path, monkeypatch):
    path = tmp_path / "weights.bin"
    path.write_bytes(b"x" * 1000)
    opened = []
    real_open = open
    monkeypatch.setattr("builtins.open", lambda *args, **kwargs: opened.append(args[0]) or real_open(*args, **kwargs))
    digests.sha256(path)
    digests.sha256(path)
    assert len(opened) == 1
