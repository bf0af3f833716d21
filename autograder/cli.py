"""course-grader (python -m autograder): the instructor's commands, one per step.

    release  →  collect  →  grade  →  feedback  →  export  →  report
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from autograder.course.console import visible_output
from autograder.course.context import CourseContext, CourseError, default_root, parse_override
from autograder.course.credentials import database_url
from helpers.korean import Particle, attach
from helpers.paths import ROOT

DESCRIPTION = """강사용 채점 도구: 과제 배포부터 반 전체 보고서까지 한 단계에 명령 하나.
순서: release → collect → grade → feedback → export → report"""

EPILOG = """예:
  course-grader release
  course-grader collect ch01_handmade_qkv 내보낸_제출물.zip --roster 명단.csv
  course-grader duedate ch01_handmade_qkv "2026-03-09 23:59"
  course-grader grade ch01_handmade_qkv --jobs 2
  course-grader feedback ch01_handmade_qkv
  course-grader export --per-exercise
  course-grader report ch01_handmade_qkv
  course-grader similarity ch01_handmade_qkv
  course-grader --db-url postgresql://grader@127.0.0.1/attention grade ch01_handmade_qkv
(공통 옵션은 명령 앞이나 뒤에 둡니다. python -m autograder … 도 같습니다. 명령마다 --help로 자세한 옵션을 봅니다.)"""


class _KoreanHelp(argparse.RawDescriptionHelpFormatter):
    """argparse's help layout with a Korean usage prefix."""

    def add_usage(self, usage, actions, groups, prefix=None):
        return super().add_usage(usage, actions, groups, prefix="사용법: " if prefix is None else prefix)


class _KoreanParser(argparse.ArgumentParser):
    """An ArgumentParser whose own words (usage, headings, -h) are Korean too; subcommands get one as well."""

    def __init__(self, **kwargs):
        kwargs.setdefault("formatter_class", _KoreanHelp)
        kwargs["add_help"] = False
        super().__init__(**kwargs)
        self._positionals.title = "인자"
        self._optionals.title = "옵션"
        self.add_argument("-h", "--help", action="help", help="이 도움말을 보이고 끝냅니다")


SINGLE_SHARED = ("root", "db_url")  # the shared options given once; --set (overrides) may be repeated anywhere
GIB = 1 << 30  # the limits are given in GiB
AFTER = "after_"  # the prefix of a shared option's dest when it is given after the command


def _common(after: bool = False) -> argparse.ArgumentParser:
    """The shared course options: before the command (`after` False) they default to None and [], after it they
    are stored under AFTER-prefixed names only when given, so a subcommand never overwrites what came before."""
    prefix, default = (AFTER, argparse.SUPPRESS) if after else ("", None)
    common = argparse.ArgumentParser(add_help=False)
    group = common.add_argument_group("과정 설정 (모든 명령 공통, 명령 앞이나 뒤에)")
    group.add_argument("--root", dest=f"{prefix}root", type=Path, default=default, metavar="폴더",
                       help=f"과정 폴더 (기본: 현재 폴더에 nbgrader_config.py가 있으면 현재 폴더, 없으면 {ROOT})")
    group.add_argument("--db-url", dest=f"{prefix}db_url", default=default, metavar="주소",
                       help="성적부 주소 (기본: $COURSE_GRADER_DB_URL, 없으면 <root>/gradebook.db). "
                            "postgresql://사용자@서버/데이터베이스 는 psycopg 3으로 읽고, 암호는 ~/.pgpass (0600)에서 "
                            "찾습니다; @파일 이면 주소를 그 파일(0600)에서 읽습니다 (autograder/README.md의 "
                            "'PostgreSQL 성적부')")
    group.add_argument("--set", dest=f"{prefix}overrides", action="append", default=argparse.SUPPRESS if after else [],
                       metavar="Section.option=값",
                       help="nbgrader 설정 덮어쓰기, 여러 번 가능 (예: --set Execute.timeout=30)")
    return common


@dataclass(frozen=True)
class SharedOptions:
    """The shared course options of one command line, wherever they were given."""

    root: Path | None = None
    db_url: str | None = None
    overrides: tuple[str, ...] = ()


def shared_options(arguments: argparse.Namespace) -> SharedOptions:
    """The shared options given before and after the command, as one; ValueError when a single-valued one was
    given in both places (even with the same value: one of them is a mistake)."""
    values = {}
    for name in SINGLE_SHARED:
        before, after = getattr(arguments, name, None), getattr(arguments, AFTER + name, None)
        if before is not None and after is not None:
            option = "--" + name.replace("_", "-")
            raise ValueError(f"{attach(option, Particle.OBJECT)} 명령 앞과 뒤에 두 번 주었습니다 ({before} / "
                             f"{after}): 한 번만 주세요")
        values[name] = after if after is not None else before
    overrides = [*getattr(arguments, "overrides", []), *getattr(arguments, AFTER + "overrides", [])]
    return SharedOptions(values["root"], values["db_url"], tuple(overrides))


def parse_arguments(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line, its shared options merged into `root`, `db_url` and `overrides` (exit 2 with argparse's
    usage line for a shared option given twice)."""
    parser = build_parser()
    arguments = parser.parse_args(argv)
    try:
        shared = shared_options(arguments)
    except ValueError as error:
        parser.error(str(error))
    for name in SINGLE_SHARED + ("overrides",):
        vars(arguments).pop(AFTER + name, None)
    arguments.root, arguments.db_url, arguments.overrides = shared.root, shared.db_url, list(shared.overrides)
    return arguments


def db_url_option(arguments: argparse.Namespace, *, long_running: bool = False) -> str | None:
    """The gradebook URL the command line asks for (--db-url before or after the command: a URL, @FILE or
    $COURSE_GRADER_DB_URL, autograder/course/credentials.py), None for the course's own: the one place every command
    reads it. `long_running`: a password on this command line is refused."""
    return database_url(arguments.db_url, long_running=long_running)


def build_parser() -> argparse.ArgumentParser:
    """course-grader's parser: the common course options, then one subcommand per step."""
    parser = _KoreanParser(prog="course-grader", description=DESCRIPTION, epilog=EPILOG, parents=[_common()])
    common = _common(after=True)
    commands = parser.add_subparsers(dest="command", metavar="명령", required=True, parser_class=_KoreanParser)

    release = commands.add_parser("release", parents=[common],
                                  help="source/ 에서 학생용 release/ 를 만듭니다 (nbgrader generate_assignment; "
                                       "교환 폴더에 내놓기는 hub release)",
                                  description="nbgrader generate_assignment로 학생용 과제를 만듭니다. "
                                              "강사의 성적부는 건드리지 않습니다.")
    release.add_argument("assignments", nargs="*", metavar="과제", help="과제 이름 (기본: source/ 의 모든 과제)")
    _add_collect(commands, common)
    _add_grade(commands, common)
    _add_feedback_export_report(commands, common)
    _add_duedate(commands, common)
    _add_hub(commands, common)
    return parser


def _add_collect(commands, common) -> None:
    collect = commands.add_parser("collect", parents=[common],
                                  usage="course-grader collect [옵션] 과제 폴더_또는_zip",
                                  help="LMS 제출물(폴더/zip)을 submitted/ 로 옮깁니다 "
                                       "(교환 폴더에서 모으기는 hub collect)",
                                  description="학생마다 노트북 하나, 파일 이름(또는 폴더 이름)에 학번이 들어 있는 "
                                              "LMS 내보내기를 nbgrader의 submitted/<학생>/<과제>/<과제>.ipynb "
                                              "자리에 놓고, 놓지 못한 파일을 이유와 함께 알려 줍니다. 노트북마다 "
                                              "JSON·nbformat·과제의 셀을 확인해 깨진 것은 놓지 않고, 답을 하나도 "
                                              "쓰지 않은 노트북은 '빈 제출'로 표시합니다.")
    collect.add_argument("where", nargs="+", metavar="과제_그리고_폴더_또는_zip",
                         help="과제 이름과 내보낸 폴더/zip (또는 --assignment와 폴더/zip 하나)")
    collect.add_argument("--assignment", default=None, metavar="과제")
    collect.add_argument("--pattern", default=None, metavar="정규식",
                         help="학번을 찾는 정규식, (?P<student_id>…) 그룹 포함 "
                              "(기본: 명단의 학번, 없으면 5자리 이상 숫자)")
    collect.add_argument("--roster", type=Path, default=None, metavar="파일",
                         help="학번 명단 (한 줄에 하나, 또는 머리줄이 있는 CSV: 학번, 이름, LMS 식별자 열). "
                              "이름이 있으면 Moodle의 '이름_참가번호' 폴더도 찾습니다. 기본: 성적부에 있는 학생")
    collect.add_argument("--dry-run", action="store_true", help="옮기지 않고 무엇을 할지만 보여 줍니다")


def _add_grade(commands, common) -> None:
    grade = commands.add_parser("grade", parents=[common], help="반 전체를 병렬로 자동 채점합니다",
                                description="제출마다 새 커널에서 nbgrader로 자동 채점합니다. 한 번에 N개씩, "
                                            "중단(Ctrl-C)해도 다시 실행하면 남은 학생만 채점하고, 바뀌지 않은 "
                                            "제출은 건너뜁니다. 실패한 제출이 있으면 종료 코드가 0이 아닙니다.")
    grade.add_argument("assignment", metavar="과제")
    grade.add_argument("--jobs", "-j", type=int, default=None, metavar="N", help="동시에 채점할 수 (기본: CPU 코어 수)")
    grade.add_argument("--student", nargs="+", default=None, metavar="학번", help="이 학생들만 채점합니다")
    grade.add_argument("--force", action="store_true", help="바뀌지 않은 제출도 다시 채점합니다")
    grade.add_argument("--timeout", type=int, default=None, metavar="초",
                       help="셀 하나의 제한 시간(초), nbgrader의 Execute.timeout (기본: nbgrader_config.py)")
    grade.add_argument("--no-sandbox", dest="sandbox", action="store_false",
                       help="샌드박스(bubblewrap) 없이 채점합니다. 학생 코드가 파일과 네트워크에 닿을 수 있으니 "
                            "믿을 수 있는 제출에만 쓰세요. 마감 표와 보고서에 그렇게 적힙니다")
    grade.add_argument("--student-timeout", type=float, default=None, metavar="초",
                       help="제출 하나 전체의 제한 시간(초) (기본: 셀 제한 × (코드 셀 수 + 2) + 120)")
    grade.add_argument("--scheduler", default=None, metavar="tcp://HOST:PORT",
                       help="Dask 스케줄러의 주소: 제출을 그 작업자들(같은 과정 환경을 갖춘 다른 컴퓨터)에 보내 "
                            "채점하고, 성적부는 여기서만 씁니다. 동시에 채점할 수는 작업자 수가 정하므로 --jobs는 "
                            "쓰지 않습니다 (autograder/grading/cluster.py에 작업자 띄우는 법)")


def _add_feedback_export_report(commands, common) -> None:
    feedback = commands.add_parser("feedback", parents=[common], help="학생별 HTML 피드백을 만듭니다",
                                   description="feedback/<학생>/<과제>/<과제>.html을 만듭니다. 실패한 검사의 "
                                               "한국어 메시지는 보이고, 숨은 테스트의 코드는 지워집니다.")
    feedback.add_argument("assignment", metavar="과제")
    feedback.add_argument("--student", nargs="+", default=None, metavar="학번")

    _add_export(commands, common)

    report = commands.add_parser("report", parents=[common], help="반 전체 보고서(HTML + PNG)를 만듭니다",
                                 description="점수 분포, 테스트 셀별 통과율, 문제(함수)별로 가장 많이 나온 [진단: …] "
                                             "메시지, 채점하지 못한 제출, 변조 의심을 한 쪽짜리 HTML로 씁니다.")
    report.add_argument("assignment", metavar="과제")
    report.add_argument("--out", type=Path, default=None, metavar="폴더",
                        help="보고서 폴더 (기본: <root>/reports/<과제>/)")
    _add_similarity(commands, common)


def _add_similarity(commands, common) -> None:
    similarity = commands.add_parser(
        "similarity", parents=[common], help="검토해 볼 만큼 비슷한 제출의 짝을 찾습니다 (강사용)",
        description="학생이 직접 쓴 풀이 셀을 모든 짝끼리 비교해 (copydetect의 지문), 배포본·강의·참고 풀이는 "
                    "빼고, 반에서 드문 같은 실수는 무겁게 세어, 기준 점수를 넘는 짝을 reports/<과제>/similarity.html에 "
                    "나란히 보여 줍니다. 판정이 아니라 검토할 곳입니다.")
    similarity.add_argument("assignment", metavar="과제")
    similarity.add_argument("--threshold", type=_not_negative(float), default=None, metavar="점수",
                            help="이 점수 이상인 짝을 보여 줍니다 (기본: nbgrader_config.py의 "
                                 "c.SimilarityReview.threshold, 없으면 65)")
    similarity.add_argument("--roster", type=Path, default=None, metavar="파일",
                            help="명단 CSV (학번, 이름): 학생을 '이름 (학번)'으로 보여 줍니다")
    similarity.add_argument("--out", type=Path, default=None, metavar="폴더",
                            help="쪽을 쓸 폴더 (기본: <root>/reports/<과제>/)")


def _add_duedate(commands, common) -> None:
    duedate = commands.add_parser("duedate", parents=[common],
                                  help="과제의 마감을 성적부에 적습니다 (지각 감점의 기준)",
                                  description="nbgrader가 지각을 재는 마감(성적부의 duedate)을 적습니다. 감점 방식은 "
                                              "nbgrader_config.py의 c.AssignLatePenalties.plugin_class가 정합니다 "
                                              "(README의 '마감과 지각 감점'). nbgrader_config.py의 "
                                              "c.Deadlines.duedates에 적어 두면 grade가 적습니다.")
    duedate.add_argument("assignment", metavar="과제")
    duedate.add_argument("duedate", metavar="마감", help="'2026-03-09 23:59' (시간대를 붙일 수 있음: "
                                                       "'2026-03-09 23:59 Asia/Seoul')")
    duedate.add_argument("--timezone", default=None, metavar="시간대",
                         help="시간대가 없는 마감을 읽을 시간대 (기본: c.Deadlines.timezone, 없으면 Asia/Seoul)")


def _add_export(commands, common) -> None:
    export = commands.add_parser("export", parents=[common], help="성적 CSV를 씁니다 (nbgrader, Moodle, Canvas)",
                                 description="nbgrader의 CSV, 또는 Moodle·Canvas가 그대로 가져오는 성적 파일을 "
                                             "씁니다. LMS 파일의 학생은 명단(--roster)의 LMS 식별자로 찾고, "
                                             "식별자가 없는 학생은 이름을 알리고 뺍니다.")
    export.add_argument("--format", choices=("nbgrader", "moodle", "canvas"), default="nbgrader",
                        help="파일 형식 (기본: nbgrader)")
    export.add_argument("--to", type=Path, default=None, metavar="파일",
                        help="CSV 파일 (기본: <root>/grades.csv, grades_moodle.csv, grades_canvas.csv)")
    export.add_argument("--assignment", nargs="+", default=None, metavar="과제",
                        help="이 과제들만 (기본: 성적부의 모든 과제)")
    export.add_argument("--roster", type=Path, default=None, metavar="파일",
                        help="명단 CSV: 학번, 이름과 LMS 식별자 열 (Moodle: ID number, email, username; "
                             "Canvas: canvas_id, SIS User ID, SIS Login ID, section). moodle·canvas에 필요; "
                             "이름은 성적부에도 적습니다")
    export.add_argument("--match", choices=("idnumber", "email", "username"), default=None,
                        help="Moodle이 학생을 찾을 열 (기본: 명단에 있는 것 중 ID number, email, username 순)")
    export.add_argument("--column", action="append", default=[], metavar="과제=열이름",
                        help="LMS 파일에서 과제의 열 이름, 여러 번 가능 (기본: 과제 이름). "
                             "Canvas의 기존 과제는 '제목 (과제 ID)'")
    export.add_argument("--per-exercise", action="store_true",
                        help="채점한 문제(함수)마다 열을 하나 더 씁니다: '과제: 함수' (모든 형식); nbgrader "
                             "형식에는 그 옆에 마지막 채점의 진단 코드 열 '과제: 함수 진단'도")


def _add_hub(commands, common) -> None:
    hub = commands.add_parser("hub", help="수업 서버(JupyterHub)를 띄우고 nbgrader 교환 폴더로 주고받습니다",
                              description="한 대의 Linux 컴퓨터에 반 전체의 JupyterHub를 띄웁니다 (root). 학생마다 "
                                          "시스템 계정과 일회용 로그인 코드(처음 로그인할 때 코드로 "
                                          "비밀번호를 정함), 학생용 Lab, 강사용 "
                                          "formgrader 서비스. 자세한 순서는 autograder/README.md의 '수업 서버'.")
    steps = hub.add_subparsers(dest="hub_command", metavar="단계", required=True, parser_class=_KoreanParser)
    home = argparse.ArgumentParser(add_help=False)
    home.add_argument("--home", type=Path, default=None, metavar="폴더",
                      help="수업 서버의 폴더 (기본: /srv/<과정 id>)")
    start = steps.add_parser("start", parents=[common, home], help="서버 폴더를 준비하고 JupyterHub를 띄웁니다",
                             description="명단의 학생 계정, 학생판과 학생 환경, 채점 계정의 과정 폴더, 교환 폴더를 "
                                         "만들거나 고친 뒤 JupyterHub를 띄웁니다. Ctrl-C로 멈추면 학생 서버도 "
                                         "모두 멈춥니다.")
    start.add_argument("--roster", type=Path, required=True, metavar="파일",
                       help="학생 명단 (한 줄에 학번 하나, 또는 '학번' 머리줄이 있는 CSV); 학번이 계정 이름이 됩니다")
    start.add_argument("--instructor", action="append", default=[], metavar="계정",
                       help="강사·조교 계정, 여러 번 가능 (formgrader를 쓰고, 관리 화면에서 학생 서버를 열고 "
                            "멈춥니다; 허브 관리자는 아님)")
    start.add_argument("--ip", default="0.0.0.0", metavar="주소", help="듣는 주소 (기본: 0.0.0.0)")
    start.add_argument("--port", type=int, default=8000, metavar="포트", help="듣는 포트 (기본: 8000)")
    _add_hub_origin(start)
    _add_student_limits(start)
    for step, help_text in (("release", "과제를 교환 폴더에 내놓습니다 (nbgrader release_assignment)"),
                            ("collect", "제출물을 과정 폴더의 submitted/ 로 모읍니다 (nbgrader collect)"),
                            ("return", "만든 피드백을 학생에게 돌려줍니다 (nbgrader release_feedback)")):
        action = steps.add_parser(step, parents=[home], help=help_text, description=help_text + ". 채점 계정으로 "
                                  "과정 폴더에서 실행합니다.")
        action.add_argument("assignment", metavar="과제")


def _add_hub_origin(start) -> None:
    """`hub start`'s address options: the domain (each user's server on its own subdomain) and HTTPS."""
    origin = start.add_argument_group("주소와 HTTPS (학생마다 자기 서버의 출처: autograder/README.md의 '수업 서버')")
    origin.add_argument("--host", required=True, metavar="도메인",
                        help="허브의 도메인 (예: jupyter.example.ac.kr). 학생 서버는 https://<학번>.<도메인>/ 에 "
                             "뜨므로 <도메인> 과 *.<도메인> 이 모두 이 컴퓨터를 가리키는 DNS가 필요합니다")
    origin.add_argument("--tls-cert", type=Path, metavar="파일",
                        help="프록시가 쓸 인증서 (PEM; <도메인> 과 *.<도메인> 을 덮는 와일드카드 인증서)")
    origin.add_argument("--tls-key", type=Path, metavar="파일", help="그 인증서의 키 (PEM, root만 읽을 수 있게)")
    origin.add_argument("--tls-in-front", action="store_true",
                        help="TLS는 앞의 리버스 프록시(nginx, Caddy)가 풂: 허브는 --ip 127.0.0.1로만 듣습니다")


def hub_origin(arguments):
    """`hub start`'s address options, checked (autograder/hub/origin.py)."""
    from autograder.hub.origin import checked_origin

    return checked_origin(arguments.host, arguments.tls_cert, arguments.tls_key, arguments.tls_in_front, arguments.ip)


def _hub(arguments) -> int:
    from autograder.hub import server as classserver

    if arguments.hub_command != "start":
        if shared_options(arguments) != SharedOptions():
            raise CourseError(f"hub {attach(arguments.hub_command, Particle.TOPIC)} --root, --db-url, --set을 쓰지 "
                              "않습니다 "
                              "(수업 서버의 과정 폴더와 성적부는 hub start가 정합니다): 빼고 다시 실행하세요")
        repository = _context_of_repository()
        require_assignments(repository, [arguments.assignment])  # the hub's course is this repository's source/
        home = arguments.home or Path("/srv") / repository.course_id
        return classserver.exchange_step(home, arguments.hub_command, arguments.assignment)
    db_url = db_url_option(arguments, long_running=True)  # refused here when it shows the password
    context = _context(arguments)
    home = arguments.home or Path("/srv") / context.course_id
    settings = classserver.prepare(home, arguments.roster, arguments.instructor, arguments.ip, arguments.port,
                                   db_url, context, origin=hub_origin(arguments), **student_limits(arguments))
    return classserver.run_hub(settings)


def _add_student_limits(start) -> None:
    """`hub start`'s limit options; their defaults are HubSettings' (autograder/hub/server.py), shown in GiB."""
    from autograder.hub.server import HubSettings as defaults

    limits = start.add_argument_group("학생 서버 한 개(그 커널 모두 포함)의 제한 (0이면 제한 없음)")
    memory, disk = defaults.student_memory_bytes / GIB, defaults.student_disk_bytes / GIB
    limits.add_argument("--student-memory", type=_not_negative(float), default=memory, metavar="GiB",
                        help=f"메모리 (GiB, 소수 가능; 기본: {memory:g}). 넘기면 넘긴 커널만 죽고 다른 학생은 "
                             "그대로입니다")
    limits.add_argument("--student-cpus", type=_not_negative(float), default=defaults.student_cpus, metavar="코어",
                        help=f"CPU 코어 수 (소수 가능; 기본: {defaults.student_cpus:g})")
    limits.add_argument("--student-processes", type=_not_negative(int), default=defaults.student_processes,
                        metavar="개", help=f"프로세스와 스레드 수 (기본: {defaults.student_processes})")
    limits.add_argument("--disk-per-student", type=_not_negative(float), default=disk, metavar="GiB",
                        help=f"학생 한 명이 홈 폴더에 둘 수 있는 양 (GiB, 소수 가능; 기본: {disk:g}). 파일시스템의 "
                             "quota가 있으면 quota, 없으면 학생마다 그 크기의 ext4 이미지를 홈에 붙입니다 "
                             "(autograder/README.md)")
    limits.add_argument("--idle-timeout", type=_not_negative(int), default=defaults.idle_timeout, metavar="초",
                        help="이만큼 아무도 쓰지 않은 학생 서버를 멈춰 메모리를 돌려받습니다 "
                             f"(jupyterhub-idle-culler; 기본: {defaults.idle_timeout}; 0이면 멈추지 않음)")


def student_limits(arguments) -> dict[str, int | float]:
    """`hub start`'s limit options as HubSettings' fields (autograder/hub/server.py)."""
    return {"student_memory_bytes": round(arguments.student_memory * GIB),
            "student_cpus": arguments.student_cpus, "student_processes": arguments.student_processes,
            "idle_timeout": arguments.idle_timeout,
            "student_disk_bytes": round(arguments.disk_per_student * GIB)}


def _not_negative(number: type) -> Callable[[str], int | float]:
    """An argparse type: `number` of the text, 0 or more, or a Korean line saying what to give."""

    def parse(text: str) -> int | float:
        try:
            value = number(text)
        except ValueError:
            value = -1
        if not (math.isfinite(value) and value >= 0):
            kind = "정수" if number is int else "수"
            raise argparse.ArgumentTypeError(f"'{text}': 0 이상의 {kind}를 주세요 (0이면 제한 없음)")
        return value

    return parse


def _context_of_repository() -> CourseContext:
    return CourseContext(default_root())


def require_assignments(context: CourseContext, names: list[str]) -> None:
    """CourseError naming the assignments source/ has, when one of `names` is not among them."""
    known = context.assignments()
    unknown = [name for name in names if name not in known]
    if unknown:
        raise CourseError(f"과제 {attach(', '.join(unknown), Particle.SUBJECT)} {context.folder('source')}에 "
                          "없습니다. "
                          f"있는 과제: {', '.join(known) or '없음 (source/<과제>/<과제>.ipynb)'}")


def _context(arguments, **extra) -> CourseContext:
    """The course the command works on, with every common option applied."""
    overrides = dict(parse_override(text) for text in arguments.overrides)
    overrides.update(extra)
    return CourseContext(arguments.root or default_root(), overrides, db_url_option(arguments))


def main(argv: list[str] | None = None) -> int:
    """Run one command. A CourseError (what the user can fix: a bad value, a missing file, a course not set up)
    is printed as one Korean line, exit 2; anything else is a bug of ours and keeps its traceback."""
    arguments = parse_arguments(argv)
    with visible_output():  # what a submission wrote reaches the terminal as data (student names, reasons, paths)
        print(f"과정 폴더: {(arguments.root or default_root()).resolve()}", file=sys.stderr)
        try:
            return COMMANDS[arguments.command](arguments)
        except KeyboardInterrupt:
            print("\n중단했습니다.", file=sys.stderr)
            return 130
        except CourseError as error:
            print(f"오류: {error}", file=sys.stderr)
            return 2


def _release(arguments) -> int:
    from autograder.release import generate_release

    context = _context(arguments)
    require_assignments(context, arguments.assignments)
    for folder in generate_release(context, arguments.assignments):
        print(f"만듦: {folder}")
    return 0


def _collect(arguments) -> int:
    from autograder.collect import collect, summary_text

    context = _context(arguments)
    where = list(arguments.where)
    assignment = arguments.assignment or (where.pop(0) if len(where) == 2 else None)
    if assignment is None or len(where) != 1:
        raise CourseError("collect 과제 폴더_또는_zip  또는  collect 폴더_또는_zip --assignment 과제 로 부르세요")
    require_assignments(context, [assignment])
    report = collect(context, assignment, Path(where[0]), pattern=arguments.pattern,
                     roster=arguments.roster, dry_run=arguments.dry_run)
    print(summary_text(report))
    if arguments.roster and not arguments.dry_run:
        _record_names(context, arguments.roster)
    return 1 if report.unplaced else 0


def _grade(arguments) -> int:
    from autograder.course.lateness import apply_configured_duedate
    from autograder.grade import grade_assignment
    from autograder.grading.summary import closing_table

    extra = {"Execute.timeout": arguments.timeout} if arguments.timeout else {}
    context = _context(arguments, **extra)
    require_assignments(context, [arguments.assignment])
    apply_configured_duedate(context, arguments.assignment)
    summary = grade_assignment(context, arguments.assignment, jobs=arguments.jobs, students=arguments.student,
                               force=arguments.force, student_timeout=arguments.student_timeout,
                               sandbox=arguments.sandbox, scheduler=arguments.scheduler)
    _mark_unfilled(context, summary)
    print(closing_table(summary))
    return summary.exit_code


def _record_names(context: CourseContext, roster: Path) -> None:
    """The roster's names into the gradebook, where the formgrader, grades.csv and the report read them."""
    from autograder.course.roster import read_roster, record_names

    with context.gradebook() as gradebook:
        named = record_names(gradebook, read_roster(roster))
    if named:
        print(f"성적부에 학생 {named}명의 이름을 적었습니다 ({roster.name})", file=sys.stderr)


def _mark_unfilled(context: CourseContext, summary) -> None:
    """Say 빈 제출 in the note of every graded row whose notebook has no answer written."""
    from autograder.course.state import Outcome
    from autograder.course.submission import EMPTY, unfilled_students

    graded = [row for row in summary.rows if row.outcome in (Outcome.GRADED, Outcome.UNCHANGED)]
    unfilled = unfilled_students(context, summary.assignment, [row.student for row in graded])
    for row in graded:
        if row.student in unfilled:
            row.note = f"{EMPTY} (답을 쓴 셀이 없습니다)" + (f"; {row.note}" if row.note else "")


def _feedback(arguments) -> int:
    from autograder.feedback import generate_feedback, ungraded_students

    context = _context(arguments)
    require_assignments(context, [arguments.assignment])
    made, failed = generate_feedback(context, arguments.assignment, students=arguments.student)
    for path in made:
        print(f"만듦: {path}")
    for student, reason in failed:
        print(f"실패: {student}: {reason}", file=sys.stderr)
    for student in ungraded_students(context, arguments.assignment):
        if arguments.student is None:
            print(f"피드백 없음: {student}: 채점된 노트북이 없습니다 (grade의 마감 표에서 실패 이유를 보세요)",
                  file=sys.stderr)
    print(f"피드백 {len(made)}건" + (f", 실패 {len(failed)}건" if failed else ""))
    return 1 if failed else 0


def _columns(pairs: list[str]) -> dict[str, str]:
    """['ch01=1장 과제 (123)'] → {'ch01': '1장 과제 (123)'}."""
    columns = {}
    for pair in pairs:
        assignment, sep, header = pair.partition("=")
        if not sep or not assignment.strip():
            raise CourseError(f"--column은 과제=열이름 꼴이어야 합니다: {pair!r}")
        columns[assignment.strip()] = header
    return columns


def _export(arguments) -> int:
    from autograder.export import closing_lines, export_grades, export_lms

    context = _context(arguments)
    require_assignments(context, [*(arguments.assignment or []), *_columns(arguments.column)])
    if arguments.roster:
        _record_names(context, arguments.roster)
    if arguments.format == "nbgrader":
        if arguments.match or arguments.column:
            raise CourseError("--match, --column은 --format moodle이나 canvas에서만 씁니다")
        path, rows, warnings, failures = export_grades(context, arguments.to, arguments.assignment,
                                                       arguments.per_exercise)
        print(f"성적 {rows}행을 썼습니다: {path}")
        for line in warnings:
            print(f"주의: {line}", file=sys.stderr)
        return _failures_listed(failures)
    if arguments.roster is None:
        raise CourseError(f"--format {arguments.format}에는 LMS 식별자가 든 명단이 필요합니다: --roster 명단.csv")
    export = export_lms(context, arguments.format, arguments.roster, arguments.to, arguments.assignment,
                        _columns(arguments.column), arguments.match, arguments.per_exercise)
    print("\n".join(closing_lines(export)))
    return _failures_listed(export.failures)


def _duedate(arguments) -> int:
    from autograder.course.lateness import course_timezone, parse_duedate, set_duedate, shown_time

    context = _context(arguments)
    require_assignments(context, [arguments.assignment])
    timezone = arguments.timezone or course_timezone(context)
    duedate = parse_duedate(arguments.duedate, timezone)
    set_duedate(context, arguments.assignment, duedate)
    print(f"과제 {arguments.assignment}의 마감: {shown_time(duedate, timezone)}")
    return 0


def _report(arguments) -> int:
    from autograder.report import write_report

    context = _context(arguments)
    require_assignments(context, [arguments.assignment])
    path, failures = write_report(context, arguments.assignment, arguments.out)
    print(f"보고서: {path}")
    return _failures_listed(failures)


def _failures_listed(failures) -> int:
    """Print the closing table of the students a class-wide command could not do; 1 when there are any."""
    from autograder.course.classloop import failure_table

    if failures:
        print(failure_table(failures))
    return 1 if failures else 0


def _similarity(arguments) -> int:
    from autograder.similarity.review import review_assignment, write_review

    context = _context(arguments)
    require_assignments(context, [arguments.assignment])
    review = review_assignment(context, arguments.assignment, arguments.threshold, arguments.roster)
    for note in review.notes:
        print(f"주의: {note}", file=sys.stderr)
    print(f"비교한 제출 {review.reviewed}개, 기준 {review.threshold:g} 이상인 짝 {len(review.pairs)}개")
    for pair in review.pairs[:10]:
        print(f"  {pair.score:6.0f}  {review.label(pair.first)} · {review.label(pair.second)}  "
              f"({', '.join(e.exercise for e in pair.exercises)})")
    print(f"검토 쪽: {write_review(context, review, arguments.out)}")
    return _failures_listed(review.failures)


COMMANDS = {"release": _release, "collect": _collect, "grade": _grade, "feedback": _feedback,
            "export": _export, "duedate": _duedate, "report": _report, "similarity": _similarity, "hub": _hub}
