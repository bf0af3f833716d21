"""Build the course website: every lecture readable in a browser with its stored outputs, Korean search, and links
to open a notebook on the class server or in Colab.

    python course.py site [--to FOLDER] [--config FILE]

Sphinx with myst-nb and the book theme reads the lecture notebooks (notebooks/) as they are stored, outputs
included (nothing is executed), and the exercise notebooks students get (release/; never source/). The student
edition's README (edition/README.md) is the landing page. The site is public like the student edition: nothing is
written when a page would hold nbgrader's solution or hidden-test markers.

It needs no network to build or to read: MathJax, the theme's scripts and icons, and the course's Hangul font
(NanumGothic, from the koreanize-matplotlib package the figures use) are copied into the site, which any static
web server serves. Settings (the launch links) are read from edition/site/site.toml.
"""

from __future__ import annotations

import argparse
import io
import re
import shutil
import sys
import tempfile
import time
import tomllib
from dataclasses import dataclass
from importlib.metadata import distribution
from pathlib import Path
from urllib.parse import urlparse

from autograder.course.context import CourseError
from autograder.course.publishing import refuse_foreign_folder, refuse_marked
from helpers import webfont
from helpers.paths import ROOT

HERE = Path(__file__).resolve().parent
LANDING = ROOT / "edition" / "README.md"
SETTINGS = HERE / "site.toml"
# sphinx.ext.githubpages writes .nojekyll, without which GitHub Pages would drop _static/ and _images/;
# the last two live beside this file
EXTENSIONS = ["myst_nb", "sphinx.ext.githubpages", "korean_search", "figure_alt"]
MATHJAX_ENTRY = "mathjax/tex-chtml.js"  # in sphinx-mathjax-offline's static folder, which holds MathJax 3's files
COLAB = "https://colab.research.google.com"
SITE_MARK = ".buildinfo"  # Sphinx writes it into every HTML build: a folder holding it is a site built before


@dataclass(frozen=True)
class LaunchSettings:
    """Where a lecture page's launch links lead: the student edition's public repository (Colab opens the notebook
    from it) and the class server (nbgitpuller clones it there). No repository: no launch links."""

    repository: str = ""
    branch: str = "main"
    class_server: str = ""

    @classmethod
    def read(cls, path: Path) -> LaunchSettings:
        table = tomllib.loads(path.read_text(encoding="utf-8")).get("launch", {})
        unknown = set(table) - {"repository", "branch", "class_server"}
        if unknown:
            raise CourseError(f"{path}: [launch]에 모르는 설정이 있습니다: {', '.join(sorted(unknown))}")
        settings = cls(**{key: str(value).strip() for key, value in table.items()})
        for name in ("repository", "class_server"):
            address = getattr(settings, name)
            if address and urlparse(address).scheme not in ("http", "https"):
                raise CourseError(f"{path}: {name}의 주소는 http://나 https://로 시작해야 합니다 "
                                  f"(지금: {address!r})")
        return settings

    def buttons(self) -> dict[str, str]:
        """The book theme's launch buttons: the class server's when set, Colab's for a GitHub repository."""
        if not self.repository:
            return {}
        buttons = {"jupyterhub_url": self.class_server} if self.class_server else {}
        if urlparse(self.repository).hostname == "github.com":
            buttons["colab_url"] = COLAB
        return buttons

    def theme_options(self) -> dict:
        if not self.buttons():
            return {}
        return {"repository_url": self.repository.removesuffix(".git"), "repository_branch": self.branch,
                "path_to_docs": "", "launch_buttons": {"notebook_interface": "jupyterlab", **self.buttons()}}

    def summary(self) -> str:
        names = {"jupyterhub_url": f"수업 서버 {self.class_server}", "colab_url": "Colab"}
        made = [names[button] for button in self.buttons()]
        return f"실행 링크: {', '.join(made)} ({self.repository})" if made else \
            "실행 링크 없음 (site.toml의 repository가 비어 있거나 GitHub가 아니고 class_server도 없음)"


@dataclass(frozen=True)
class Page:
    source: Path  # the file in this repository
    path: str  # its path in the site's sources: the same as in the student edition, which the launch links open


def notebook_pages() -> tuple[list[Page], list[Page]]:
    """The lectures (notebooks/) and the exercises students get (release/<assignment>/<assignment>.ipynb)."""
    lectures = sorted((ROOT / "notebooks").glob("*.ipynb"))
    exercises = sorted((ROOT / "release").glob("*/*.ipynb"))
    return ([Page(path, path.relative_to(ROOT).as_posix()) for path in lectures],
            [Page(path, path.relative_to(ROOT).as_posix()) for path in exercises])


def course_title(readme: str) -> str:
    """The course's name: the README's first heading without its " — 학생판" tail."""
    heading = re.search(r"^# (.+)$", readme, re.MULTILINE).group(1)
    return heading.split(" — ")[0].strip()


def landing_page(lectures: list[Page], exercises: list[Page]) -> str:
    """The student README as the home page: the course's name as its title, each lecture and exercise it names
    (`01_handmade_qkv.ipynb`, `ch01_handmade_qkv`) a link to its page, and the sidebar's two lists."""
    readme = LANDING.read_text(encoding="utf-8")
    text = re.sub(r"^# .+$", f"# {course_title(readme)}", readme, count=1, flags=re.MULTILINE)
    for page in lectures + exercises:
        name = page.source.name if page in lectures else page.source.stem
        text = text.replace(f"`{name}`", f"[`{name}`]({page.path})")

    def toctree(caption: str, pages: list[Page]) -> str:
        entries = "".join(f"{page.path.removesuffix('.ipynb')}\n" for page in pages)
        return f"\n```{{toctree}}\n:hidden:\n:caption: {caption}\n\n{entries}```\n"

    return text + toctree("강의", lectures) + toctree("과제", exercises)


def stage_sources(folder: Path, lectures: list[Page], exercises: list[Page]) -> None:
    """The site's Sphinx sources in `folder`; stops when one would hold nbgrader's markers."""
    files = {page.path: page.source.read_text(encoding="utf-8") for page in lectures + exercises}
    files["index.md"] = landing_page(lectures, exercises)
    refuse_marked(files, "웹사이트를 만들지 않았습니다")
    for path, text in files.items():
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / path).write_text(text, encoding="utf-8")


def static_folders(scratch: Path) -> list[str]:
    """Folders whose contents go into the site's _static/: MathJax, the course's CSS, and the Hangul fonts."""
    mathjax = Path(distribution("sphinx-mathjax-offline").locate_file("sphinx-mathjax-offline/static"))
    fonts = scratch / "fonts"
    (fonts / "fonts").mkdir(parents=True)
    for name in webfont.HANGUL_FONTS:
        try:
            (fonts / "fonts" / f"{name}.woff").write_bytes(webfont.web_font(name))
        except webfont.FontMissing as missing:
            raise CourseError(str(missing)) from None
    return [str(mathjax), str(HERE / "static"), str(fonts)]


def sphinx_settings(title: str, launch: LaunchSettings, static: list[str]) -> dict:
    """Sphinx's configuration (no conf.py: the sources are staged, and this is all of it)."""
    return {
        "project": title,
        "author": "",
        "copyright": "",
        "language": "ko",
        "extensions": EXTENSIONS,
        "root_doc": "index",
        "nb_execution_mode": "off",  # the stored outputs, which CI checks against a fresh run
        "myst_enable_extensions": ["dollarmath", "amsmath"],
        "myst_heading_anchors": 3,
        "mathjax_path": MATHJAX_ENTRY,
        "html_theme": "sphinx_book_theme",
        "html_title": title,
        "html_static_path": static,
        "html_css_files": ["course.css"],
        "html_js_files": ["search_summary.js"],
        "html_favicon": str(HERE / "static" / "favicon.svg"),  # else browsers ask for /favicon.ico, which is not there
        "html_context": {"default_mode": "auto"},  # light or dark as the reader's system asks
        "suppress_warnings": ["misc.highlighting_failure"],  # the README's Colab cell (!git …) is not plain Python
        "html_search_language": "ko",
        "html_theme_options": {
            "show_toc_level": 2,
            "home_page_in_toc": True,
            "use_download_button": True,
            "search_bar_text": "강의 검색…",
            **launch.theme_options(),
        },
    }


def refuse_other_folders(target: Path) -> None:
    """Stop unless `target` is missing, empty or a site built before (which the new one replaces)."""
    refuse_foreign_folder(target, (target / SITE_MARK).is_file(), "웹사이트")


def replace_site(built: Path, target: Path) -> None:
    """Put the new site at `target`, replacing a site built before there."""
    refuse_other_folders(target)
    if target.exists() and any(target.iterdir()):
        shutil.rmtree(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    if target.exists():
        target.rmdir()
    shutil.move(built, target)


def build(target: Path, settings: Path) -> None:
    from sphinx.application import Sphinx
    from sphinx.util.console import nocolor

    started = time.perf_counter()
    launch = LaunchSettings.read(settings)
    refuse_other_folders(target)
    lectures, exercises = notebook_pages()
    title = course_title(LANDING.read_text(encoding="utf-8"))
    sys.path.insert(0, str(HERE))  # the extensions beside this file
    with tempfile.TemporaryDirectory(prefix="course-site-") as scratch_name:
        scratch = Path(scratch_name)
        sources, built = scratch / "sources", scratch / "html"
        stage_sources(sources, lectures, exercises)
        warnings = io.StringIO()
        nocolor()
        app = Sphinx(str(sources), None, str(built), str(scratch / "doctrees"), "html",
                     confoverrides=sphinx_settings(title, launch, static_folders(scratch)),
                     status=None, warning=warnings, freshenv=True)
        app.build()
        if warnings.getvalue():
            print(warnings.getvalue(), file=sys.stderr, end="")
        replace_site(built, target)
    seconds = time.perf_counter() - started
    print(f"웹사이트: {target} (강의 {len(lectures)}개, 과제 {len(exercises)}개; {launch.summary()}; {seconds:.1f} 초)")


def main() -> int:
    parser = argparse.ArgumentParser(
        prog="python course.py site",
        description="강의 웹사이트를 만듭니다: 저장된 실행 결과와 함께 강의 노트북, release/ 의 과제, 한국어 검색, "
                    "수업 서버·Colab에서 열기 링크. 만든 폴더를 아무 정적 웹 서버에 그대로 올리면 됩니다.")
    parser.add_argument("--to", type=Path, default=ROOT / "site", metavar="FOLDER",
                        help="만들 폴더: 비어 있거나 전에 만든 웹사이트 "
                             "(기본: 저장소의 site/; 상대 경로는 저장소 기준)")
    parser.add_argument("--config", type=Path, default=SETTINGS, metavar="FILE",
                        help="설정 파일 (기본: edition/site/site.toml; 실행 링크의 학생판 저장소와 수업 서버)")
    arguments = parser.parse_args()
    try:
        build((ROOT / arguments.to).resolve(), (ROOT / arguments.config).resolve())
    except CourseError as error:  # one Korean line, as every course-grader command prints it
        print(f"오류: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
