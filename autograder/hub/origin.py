"""Where the class server is reached: each user's server on an origin of its own, over HTTPS.

A student's server runs what she puts in it (her ``~/.jupyter/jupyter_server_config.py`` runs in it), so a page it
serves must never run on the hub's origin or a classmate's: JupyterHub's ``subdomain_host`` puts the hub at
``https://<host>/``, each user's server at ``https://<name>.<host>/user/<name>/`` and each service at
``https://<service>--service.<host>/``. The browser then keeps every origin's cookies and answers from the others;
the hub's cookies are ``__Host-`` cookies (``cookie_host_prefix_enabled``), which a page on ``<name>.<host>`` can
neither read nor overwrite. What a visitor's browser gives a student's server through OAuth is a token for that
server alone (``Spawner.oauth_client_allowed_scopes`` left empty: ``access:servers!server=<name>/`` and the
visitor's name).

TLS is the proxy's (``--tls-cert``/``--tls-key``: a certificate for ``<host>`` and ``*.<host>``) or that of a
reverse proxy in front of a hub that listens on loopback only (``--tls-in-front``); there is no plain-HTTP mode.
"""

from __future__ import annotations

import ipaddress
import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path

from autograder.course.context import CourseError
from helpers.korean import Particle, attach

HTTPS_PORT = 443
# a DNS name of two labels or more (letters, digits, inner hyphens), not an address: its subdomains are the servers'
HOST_NAME = re.compile(r"^(?=.{1,200}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$")


class OriginError(CourseError):
    """The class server's address or TLS settings cannot work as given (Korean message saying what to give)."""


@dataclass(frozen=True)
class Origin:
    """The hub's public host and who speaks TLS for it: the proxy (cert and key given) or a proxy in front."""

    host: str
    tls_cert: str = ""
    tls_key: str = ""

    @property
    def tls_in_front(self) -> bool:
        return not self.tls_cert

    def hub_url(self, port: int) -> str:
        """The hub's public URL (JupyterHub.subdomain_host): https, with the port unless it is HTTPS's own or TLS
        ends in front (where students reach the front proxy's port 443)."""
        shown = "" if self.tls_in_front or port == HTTPS_PORT else f":{port}"
        return f"https://{self.host}{shown}"


def checked_origin(host: str | None, tls_cert: Path | None, tls_key: Path | None, tls_in_front: bool,
                   ip: str) -> Origin:
    """The origin `hub start` was given, checked before anything changes: a host name (not an address), and
    exactly one way to HTTPS: the proxy's certificate and key (the key root's alone), or TLS in front of a hub on
    loopback."""
    if not host or not HOST_NAME.match(host.lower()):
        raise OriginError(f"--host {host or ''}: 수업 서버의 도메인 이름을 주세요 (예: --host jupyter.example.ac.kr; "
                          "IP 주소는 안 됩니다). 학생 서버는 <학번>.<도메인> 에 뜨므로 와일드카드 DNS "
                          "(*.<도메인> 과 <도메인> 이 이 컴퓨터를 가리킴)가 필요합니다")
    if tls_in_front == bool(tls_cert or tls_key):
        raise OriginError("학생은 HTTPS로만 들어옵니다: --tls-cert 인증서 --tls-key 키 (도메인과 *.도메인 을 덮는 "
                          "와일드카드 인증서)를 주거나, 앞의 리버스 프록시가 TLS를 풀면 --tls-in-front만 주세요")
    if tls_in_front:
        if not _is_loopback(ip):
            raise OriginError(f"--tls-in-front이면 허브는 앞의 프록시에게만 열립니다: --ip 127.0.0.1을 주세요 "
                              f"(지금 {ip}: 학생이 암호화 없이 허브에 닿습니다)")
        return Origin(host.lower())
    if not (tls_cert and tls_key):
        raise OriginError("--tls-cert와 --tls-key를 함께 주세요 (도메인과 *.도메인 을 덮는 와일드카드 "
                          "인증서와 그 키)")
    for path in (tls_cert, tls_key):
        if not path.is_file():
            raise OriginError(f"{attach(path, Particle.SUBJECT)} 없습니다 (--tls-cert·--tls-key는 PEM 파일)")
    _require_private_key(tls_key)
    return Origin(host.lower(), str(tls_cert.resolve()), str(tls_key.resolve()))


def _is_loopback(ip: str) -> bool:
    try:
        return ipaddress.ip_address(ip).is_loopback
    except ValueError:
        return ip == "localhost"


def _require_private_key(key: Path) -> None:
    """The TLS key only root may read: whoever reads it can pose as the class server."""
    status = os.stat(key)
    if status.st_uid != 0 or status.st_mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise OriginError(f"TLS 키 {attach(key, Particle.OBJECT)} 다른 계정이 읽거나 바꿀 수 있습니다 "
                          f"(주인 uid {status.st_uid}, "
                          f"권한 {stat.S_IMODE(status.st_mode):04o}): chown root:root {key} && chmod 600 {key}")
