"""`hub start`'s address options: a domain whose subdomains are the users' servers, and HTTPS only, refused with
what to give before anything changes (autograder/hub/origin.py)."""

from __future__ import annotations

import os

import pytest

from autograder.hub.origin import Origin, OriginError, checked_origin


def _pem(tmp_path, name: str, mode: int = 0o600):
    path = tmp_path / name
    path.write_text("-----BEGIN-----\n", encoding="utf-8")
    path.chmod(mode)
    return path


@pytest.mark.parametrize("host", [None, "", "127.0.0.1", "localhost", "hub_one.example.org", "-hub.example.org"])
def test_a_host_that_cannot_have_a_subdomain_per_user_is_refused_with_an_example(host):
    with pytest.raises(OriginError, match="--host jupyter.example.ac.kr"):
        checked_origin(host, None, None, True, "127.0.0.1")


def test_a_hub_without_https_is_refused_with_both_ways_to_give_it(tmp_path):
    with pytest.raises(OriginError, match="--tls-cert .* --tls-in-front"):
        checked_origin("hub.example.org", None, None, False, "0.0.0.0")
    with pytest.raises(OriginError, match="--tls-in-front"):  # both ways at once: which one is meant?
        checked_origin("hub.example.org", _pem(tmp_path, "c.pem"), _pem(tmp_path, "k.pem"), True, "127.0.0.1")


def test_tls_in_front_of_a_hub_that_listens_beyond_loopback_is_refused():
    with pytest.raises(OriginError, match="--ip 127.0.0.1"):
        checked_origin("hub.example.org", None, None, True, "0.0.0.0")
    assert checked_origin("Hub.Example.org", None, None, True, "127.0.0.1") == Origin("hub.example.org")


@pytest.mark.skipif(os.geteuid() != 0, reason="the key's owner must be root")
def test_a_tls_key_other_accounts_can_read_is_refused_with_the_commands_that_close_it(tmp_path):
    cert, key = _pem(tmp_path, "cert.pem", 0o644), _pem(tmp_path, "key.pem", 0o640)
    with pytest.raises(OriginError, match=f"chmod 600 {key}"):
        checked_origin("hub.example.org", cert, key, False, "0.0.0.0")
    key.chmod(0o600)
    assert checked_origin("hub.example.org", cert, key, False, "0.0.0.0").tls_cert == str(cert.resolve())


def test_students_reach_the_hub_over_https_on_the_port_they_can_reach():
    assert Origin("hub.example.org", "/c.pem", "/k.pem").hub_url(443) == "https://hub.example.org"
    assert Origin("hub.example.org", "/c.pem", "/k.pem").hub_url(8443) == "https://hub.example.org:8443"
    assert Origin("hub.example.org").hub_url(8000) == "https://hub.example.org"  # the proxy in front is on 443
