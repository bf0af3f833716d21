"""The course website (`python course.py site`): built by the command into a temporary folder, served from a local
web server and read in Debian's Chromium, on a machine with no Korean system font and no outside network.

What a reader gets: every page loads with no console error and asks nothing of another site; Hangul is drawn in the
NanumGothic the site ships, in prose and in code; math is typeset; every figure loads and says what it shows; the
headings go in order; tables are tables; the Korean search finds 배송 in 배송이 and 비율표 in 비율표를; every link
inside the site leads somewhere. What it must not hold: anything of source/ or between nbgrader's solution and
hidden-test markers. And the launch links: none without a repository, the class server's and Colab's with one.
"""

from __future__ import annotations

import base64
import functools
import importlib.util
import io
import json
import os
import re
import subprocess
import sys
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, unquote, urljoin, urlparse

import pytest
from bs4 import BeautifulSoup
from chromium import hangul_not_in_nanum, launch, skip_without_chromium

from helpers.paths import ROOT

pytestmark = pytest.mark.slow  # a Sphinx build read in Chromium
SITE_SOURCE = ROOT / "edition" / "site"
LECTURES = sorted((ROOT / "notebooks").glob("*.ipynb"))
EXERCISES = sorted((ROOT / "release").glob("*/*.ipynb"))
MARKER_REGIONS = (("### BEGIN SOLUTION", "### END SOLUTION"), ("### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS"))
HANGUL = re.compile("[\uac00-\ud7a3]")
PARTICLE_ATTACHED = "{}[\uac00-\ud7a3]"  # the word with a syllable right after it: 배송이, 비율표를
SEARCHED = ("배송", "비율표")
EDITION_REPOSITORY = "https://github.com/example-school/attention-course-student"
CLASS_SERVER = "https://hub.example-school.ac.kr"
BUILD_SECONDS = 60


# ---------------------------------------------------------------- building and serving
def _build(folder: Path, *options: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "course.py"), "site", "--to", str(folder), *options],
                          capture_output=True, text=True, timeout=600)


@dataclass(frozen=True)
class Site:
    folder: Path
    output: str  # what the command printed

    def pages(self) -> list[Path]:
        """Every page, not the theme's template fragments that _static/ also holds as .html."""
        pages = self.folder.rglob("*.html")
        return sorted(page for page in pages if "_static" not in page.relative_to(self.folder).parts)

    def page(self, source: Path) -> Path:
        """The page made from a notebook of this repository."""
        return self.folder / source.relative_to(ROOT).with_suffix(".html")

    def soup(self, page: Path) -> BeautifulSoup:
        return _parsed(page)


@functools.cache
def _parsed(page: Path) -> BeautifulSoup:
    """A page's HTML, parsed once (the pages are large, and several tests read each); not to be modified."""
    return BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Site:
    """The site as published with the repository's settings (site.toml: no launch links set)."""
    folder = tmp_path_factory.mktemp("site") / "site"
    built = _build(folder)
    assert built.returncode == 0, built.stderr
    return Site(folder, built.stdout)


@pytest.fixture(scope="module")
def launching_site(tmp_path_factory) -> Site:
    """The site built with the student edition's repository and a class server set."""
    scratch = tmp_path_factory.mktemp("launching")
    settings = scratch / "site.toml"
    settings.write_text(f'[launch]\nrepository = "{EDITION_REPOSITORY}"\nbranch = "main"\n'
                        f'class_server = "{CLASS_SERVER}"\n', encoding="utf-8")
    built = _build(scratch / "site", "--config", str(settings))
    assert built.returncode == 0, built.stderr
    return Site(scratch / "site", built.stdout)


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@contextmanager
def _serving(folder: Path):
    """http://127.0.0.1:PORT/ serving `folder`, as any static web server would."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def served(site):
    with _serving(site.folder) as address:
        yield address


def _sphinx_site(folder: Path, pages: dict[str, str], extensions: list[str], **settings: str) -> Path:
    """A small Sphinx site of `pages` (name → text) with the given extensions (the course's own among them, from
    edition/site/), built by sphinx-build in its own process into folder/html, which is returned."""
    sources = folder / "sources"
    sources.mkdir(parents=True)
    for name, text in pages.items():
        (sources / name).write_text(text, encoding="utf-8")
    settings = {"extensions": ",".join(extensions), "nb_execution_mode": "off", **settings}
    overrides = [argument for name, value in settings.items() for argument in ("-D", f"{name}={value}")]
    built = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-C", "-b", "html", *overrides, str(sources),
                            str(folder / "html")], capture_output=True, text=True, timeout=300,
                           env={**os.environ, "PYTHONPATH": str(SITE_SOURCE)})
    assert built.returncode == 0, built.stderr
    return folder / "html"


@pytest.fixture(scope="module")
def browser():
    skip_without_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch(playwright)
        yield chromium
        chromium.close()


# ---------------------------------------------------------------- reading every page in Chromium
@dataclass
class Visit:
    """What Chromium saw while one page loaded and settled."""

    console: list[str]  # console errors and warnings, uncaught exceptions
    outside: list[str]  # requests to anywhere but the local server
    failed: list[str]  # requests that failed or answered 400 or more
    images: list[dict]  # src, alt (None when absent), loaded
    headings: list[int]  # the levels of the article's headings, in order
    math: dict  # how many math elements the page has, and how many hold typeset math (no error)


PAGE_STATE = """async () => {
  const images = await Promise.all([...document.images].map(async (image) => {
    image.loading = "eager";
    const loaded = await image.decode().then(() => image.naturalWidth > 0, () => false);
    return {src: image.getAttribute("src"), alt: image.getAttribute("alt"), loaded};
  }));
  if (window.MathJax && MathJax.startup && MathJax.startup.promise) await MathJax.startup.promise;
  const headings = [...document.querySelectorAll("article.bd-article :is(h1, h2, h3, h4, h5, h6)")]
    .map((heading) => Number(heading.tagName[1]));
  const math = [...document.querySelectorAll("article.bd-article .math")];
  const typeset = math.filter((element) =>
    element.querySelector("mjx-container") && !element.querySelector("mjx-merror"));
  return {images, headings, math: {elements: math.length, typeset: typeset.length}};
}"""


def _visit(browser, url: str, base: str) -> Visit:
    page = browser.new_page()
    console, outside, failed = [], [], []
    page.on("console", lambda message: message.type in ("error", "warning") and console.append(message.text))
    page.on("pageerror", lambda error: console.append(str(error)))
    page.on("request", lambda request: request.url.startswith(base) or outside.append(request.url))
    page.on("requestfailed", lambda request: failed.append(request.url))
    page.on("response", lambda response: response.status >= 400 and failed.append(f"{response.status} {response.url}"))
    page.goto(url)
    page.wait_for_load_state("networkidle")
    state = page.evaluate(PAGE_STATE)
    page.wait_for_load_state("networkidle")
    page.close()
    return Visit(console, outside, failed, state["images"], state["headings"], state["math"])


@pytest.fixture(scope="module")
def visits(site, served, browser) -> dict[str, Visit]:
    """Every page of the site, each opened once: its path in the site → what Chromium saw."""
    paths = [page.relative_to(site.folder).as_posix() for page in site.pages()]
    return {path: _visit(browser, served + path, served) for path in paths}


def test_the_build_takes_under_a_minute_and_says_how_long(site):
    seconds = re.search(r"([\d.]+) 초\)", site.output)
    assert seconds, site.output
    print(site.output)
    assert float(seconds.group(1)) < BUILD_SECONDS


def test_the_site_has_a_page_for_every_lecture_and_exercise_and_a_home_page(site):
    expected = [site.folder / "index.html", *map(site.page, LECTURES + EXERCISES)]
    assert [page for page in expected if not page.is_file()] == []
    home = site.soup(site.folder / "index.html")
    linked = {urljoin("index.html", link["href"]).split("#")[0] for link in home.select("article a[href]")}
    assert {site.page(source).relative_to(site.folder).as_posix() for source in LECTURES + EXERCISES} <= linked


def test_every_page_loads_with_no_console_error_and_no_request_leaving_the_site(visits):
    assert len(visits) >= len(LECTURES) + len(EXERCISES) + 1
    problems = {path: (visit.console, visit.outside, visit.failed) for path, visit in visits.items()
                if visit.console or visit.outside or visit.failed}
    assert problems == {}


def test_every_figure_loads_and_has_alt_text_saying_what_it_shows(visits):
    images = [(path, image) for path, visit in visits.items() for image in visit.images]
    assert any(path.startswith("notebooks/") for path, _ in images)  # the lectures' figures are there to check
    not_loaded = [(path, image["src"]) for path, image in images if not image["loaded"]]
    # with no alt text, Sphinx writes the file's path as the alt: that says nothing about the figure
    without_alt = [(path, image["src"]) for path, image in images
                   if not (image["alt"] or "").strip() or image["alt"] == image["src"] or image["alt"].endswith(".png")]
    assert not_loaded == []
    assert without_alt == []


def test_a_figure_gets_the_alt_text_its_notebook_output_carries(tmp_path):
    """myst-nb reads only width and height from an output's metadata; figure_alt brings `alt` onto the <img>."""
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(1, 1))
    axes.imshow([[0.12, 0.51], [0.85, 0.05]])
    drawn = io.BytesIO()
    figure.savefig(drawn, format="png")
    plt.close(figure)
    png = base64.b64encode(drawn.getvalue()).decode()
    alt = "이불, 배송, 언제, 와요의 비율표 히트맵: 언제 줄은 배송 열이 가장 진합니다"
    cell = {"cell_type": "code", "execution_count": 1, "id": "figure", "metadata": {}, "source": "show()",
            "outputs": [{"output_type": "display_data", "data": {"image/png": png, "text/plain": alt},
                         "metadata": {"image/png": {"alt": alt}}}]}
    notebook = {"cells": [{"cell_type": "markdown", "id": "title", "metadata": {}, "source": "# 그림"}, cell],
                "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
                "nbformat": 4, "nbformat_minor": 5}
    html = _sphinx_site(tmp_path, {"index.ipynb": json.dumps(notebook)}, ["myst_nb", "figure_alt"])
    images = BeautifulSoup((html / "index.html").read_text(encoding="utf-8"), "html.parser").select("img")
    assert [image["alt"] for image in images] == [alt]


def test_headings_go_in_order_from_one_title(visits):
    """One h1 per page, and no heading more than one level below the one before it."""
    out_of_order = {path: visit.headings for path, visit in visits.items()
                    if visit.headings and (visit.headings.count(1) != 1 or visit.headings[0] != 1 or
                                           any(after > before + 1 for before, after in
                                               zip(visit.headings, visit.headings[1:])))}
    assert out_of_order == {}
    assert all(visits[path].headings for path in visits if path.startswith("notebooks/"))


def test_a_lecture_table_is_an_html_table_with_headers(site):
    """Every DataFrame a lecture shows is a <table> with header cells on the page, not text."""
    for lecture in LECTURES:
        notebook = json.loads(lecture.read_text(encoding="utf-8"))
        frames = sum("<table" in "".join(output.get("data", {}).get("text/html", ""))
                     for cell in notebook["cells"] for output in cell.get("outputs", []))
        tables = site.soup(site.page(lecture)).select("article table.dataframe")
        assert len(tables) == frames, lecture.name
        assert all(table.select("th") for table in tables), lecture.name
    assert any(site.soup(site.page(lecture)).select("article table.dataframe") for lecture in LECTURES)


def test_math_is_typeset_by_the_mathjax_the_site_ships(visits, site):
    with_math = {path: visit.math for path, visit in visits.items() if visit.math["elements"]}
    assert "notebooks/02_scaling_experiment.html" in with_math
    assert {path: math for path, math in with_math.items() if math["typeset"] != math["elements"]} == {}
    assert (site.folder / "_static" / "mathjax" / "tex-chtml.js").is_file()


# ---------------------------------------------------------------- Hangul in the shipped font
FONT_PROBES = {"prose": "article p", "heading": "article h1", "code": "article div.cell_input pre span",
               "output": "article div.cell_output pre"}


def test_hangul_in_prose_headings_code_and_output_is_drawn_in_the_shipped_nanumgothic(served, browser):
    """Each probe's Hangul syllables are all drawn by the NanumGothic web font the page loaded (DevTools' platform
    fonts for the element): not by a system font, which a reader may not have (Debian's Chromium here has none)."""
    page = browser.new_page()
    page.goto(served + "notebooks/01_handmade_qkv.html")
    page.wait_for_load_state("networkidle")
    missed = hangul_not_in_nanum(page, FONT_PROBES)
    page.close()
    assert missed == {}


# ---------------------------------------------------------------- Korean search
def _words_on(site: Site, page: Path) -> str:
    return site.soup(page).select_one("article.bd-article").get_text(" ")


@dataclass(frozen=True)
class SearchResults:
    found: set[str]  # the pages Sphinx's search script finds (the site's splitter and index, in Chromium)
    shown: dict[str, str]  # the result list the search page shows: page → the text it quotes from it
    highlighted: set[str]  # what the quotes mark


def _search(browser, served: str, word: str) -> SearchResults:
    page = browser.new_page()
    page.goto(served + f"search.html?q={word}")
    page.wait_for_load_state("networkidle")
    found = page.evaluate("(word) => Search._performSearch(...Search._parseQuery(word)).map((result) => result[0])",
                          word)
    page.wait_for_function("(count) => document.querySelectorAll('#search-results ul.search li').length >= count",
                           arg=len(set(found)))
    page.wait_for_load_state("networkidle")  # each result's quote is fetched from its page
    shown = page.locator("#search-results ul.search li").evaluate_all(
        "(items) => items.map((item) => [item.querySelector('a').href, item.querySelector('p.context')?.textContent])")
    highlighted = page.locator("#search-results p.context .highlighted").all_text_contents()
    page.close()
    return SearchResults({f"{name}.html" for name in found},
                         {urlparse(link).path.lstrip("/"): quote or "" for link, quote in shown}, set(highlighted))


def _article_text(page: Path) -> str:
    """The page's article as the browser's textContent reads it (no heading anchors), spaces collapsed."""
    article = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser").select_one("article.bd-article")
    for element in article.select(".headerlink, script, style"):
        element.decompose()
    return " ".join(article.get_text().split())


@pytest.mark.parametrize("word", SEARCHED)
def test_korean_search_finds_the_lectures_that_hold_the_word_with_a_particle_attached(site, served, browser, word):
    attached = re.compile(PARTICLE_ATTACHED.format(word))
    pages = {page.relative_to(site.folder).as_posix(): _words_on(site, page) for page in
             map(site.page, LECTURES + EXERCISES)}
    with_particle = {path for path, text in pages.items() if attached.search(text)}
    assert {path for path in with_particle if path.startswith("notebooks/")}, f"no lecture holds {word} + particle"
    results = _search(browser, served, word)
    assert with_particle <= results.found
    assert {path for path in results.found if path in pages and word not in pages[path]} == set()  # none without it
    assert set(results.shown) >= with_particle
    assert word in results.highlighted  # the whole word, not only its two-syllable pieces
    # each result quotes its page's article (not the theme's buttons around it)
    quotes = {path: " ".join(quote.split()).strip(".") for path, quote in results.shown.items()}
    assert {path: quote for path, quote in quotes.items()
            if not quote or quote not in _article_text(site.folder / path)} == {}


@pytest.mark.parametrize(("extensions", "finds"), [(["myst_parser", "korean_search"], True), (["myst_parser"], False)],
                         ids=["korean_search", "stock_sphinx"])
def test_a_word_that_appears_only_with_particles_is_found_with_the_korean_splitter_alone(
        tmp_path, browser, extensions, finds):
    """On a page where 배송 appears only as 배송이 and 배송을, the site's search finds it; Sphinx's own does not
    (which is why the course adds the splitter)."""
    pages = {"index.md": "# 배달\n\n이불 배송이 늦습니다. 내일 배송을 다시 합니다.\n\n```{toctree}\nother\n```\n",
             "other.md": "# 다른 쪽\n\n배달 이야기만 있습니다.\n"}
    html = _sphinx_site(tmp_path, pages, extensions, language="ko", html_search_language="ko")
    with _serving(html) as address:
        found = _search(browser, address, "배송").found
        standalone = _search(browser, address, "배달").found  # the search itself works either way
    assert found == ({"index.html"} if finds else set())
    assert standalone == {"index.html", "other.html"}


def test_the_splitter_indexes_hangul_as_two_syllable_pieces():
    sys.path.insert(0, str(SITE_SOURCE))
    try:
        from korean_search import SearchKorean
    finally:
        sys.path.remove(str(SITE_SOURCE))
    korean = SearchKorean({})
    assert korean.split("배송이 와요") == ["배송", "송이", "와요"]
    assert set(korean.split("비율표")) <= set(korean.split("그래서 비율표를 봅니다"))
    assert korean.split("softmax 를 d_k 로") == ["softmax", "를", "d_k", "로"]


# ---------------------------------------------------------------- links
def _internal_targets(site: Site, page: Path) -> list[tuple[str, Path, str]]:
    """(reference as written, the file it names, its #fragment) for every link, script, style and image the
    page names inside the site."""
    soup = site.soup(page)
    address = "http://site/" + page.relative_to(site.folder).as_posix()
    targets = []
    for element, attribute in [(tag, "href") for tag in soup.select("a[href], link[href]")] + \
                              [(tag, "src") for tag in soup.select("script[src], img[src]")]:
        reference = element[attribute]
        resolved = urlparse(urljoin(address, reference))
        if resolved.netloc != "site":
            continue
        path = unquote(resolved.path).lstrip("/") or "index.html"
        target = site.folder / path
        targets.append((reference, target / "index.html" if target.is_dir() else target, resolved.fragment))
    return targets


def test_every_link_inside_the_site_leads_to_a_file_and_its_anchor(site):
    dead = []
    anchors: dict[Path, set[str]] = {}
    for page in site.pages():
        for reference, target, fragment in _internal_targets(site, page):
            if not target.is_file():
                dead.append((page.name, reference))
            elif fragment and target.suffix == ".html":
                if target not in anchors:
                    named = site.soup(target).select("[id], [name]")
                    anchors[target] = {tag.get("id") or tag.get("name") for tag in named}
                if unquote(fragment) not in anchors[target]:
                    dead.append((page.name, reference))
    assert dead == []


def test_with_no_repository_set_no_page_links_outside_the_site(site):
    outside = {(page.name, link["href"]) for page in site.pages() for link in site.soup(page).select("a[href]")
               if urlparse(link["href"]).scheme in ("http", "https")}
    assert outside == set()


def _edition_files() -> set[str]:
    """The paths the student edition holds (edition/build.py's own list)."""
    return set(_script("edition_build", ROOT / "edition" / "build.py").copied_files())


def _script(name: str, path: Path):
    """A script of this repository (not a package) imported as module `name`."""
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_launch_links_open_the_student_editions_notebook_on_the_class_server_and_in_colab(launching_site):
    edition = _edition_files()
    owner_and_name = urlparse(EDITION_REPOSITORY).path.strip("/")
    for source in (LECTURES[0], EXERCISES[0]):
        notebook = source.relative_to(ROOT).as_posix()
        assert notebook in edition
        links = [link["href"] for link in launching_site.soup(launching_site.page(source)).select("a[href]")]
        colab = [link for link in links if link.startswith("https://colab.research.google.com/")]
        assert colab == [f"https://colab.research.google.com/github/{owner_and_name}/blob/main/{notebook}"]
        hub = [urlparse(link) for link in links if link.startswith(CLASS_SERVER)]
        assert len(hub) == 1 and hub[0].path == "/hub/user-redirect/git-pull"  # nbgitpuller's address
        query = parse_qs(hub[0].query)
        repository_folder = owner_and_name.split("/")[1]
        assert query == {"repo": [EDITION_REPOSITORY], "branch": ["main"],
                         "urlpath": [f"lab/tree/{repository_folder}/{notebook}"]}


def test_colab_is_offered_only_for_a_github_repository_and_the_class_server_only_when_set():
    site_build = _script("site_build", SITE_SOURCE / "build.py")

    def buttons(repository: str, class_server: str = "") -> set[str]:
        return set(site_build.LaunchSettings(repository, "main", class_server).buttons())

    assert buttons("") == buttons("", CLASS_SERVER) == set()
    assert buttons(EDITION_REPOSITORY) == {"colab_url"}
    assert buttons("https://gitlab.com/example-school/course") == set()
    assert buttons("https://gitlab.com/example-school/course", CLASS_SERVER) == {"jupyterhub_url"}
    assert buttons(EDITION_REPOSITORY, CLASS_SERVER) == {"colab_url", "jupyterhub_url"}


def test_settings_that_are_not_web_addresses_are_refused_before_anything_is_built(tmp_path):
    settings = tmp_path / "site.toml"
    settings.write_text('[launch]\nrepository = "github.com/example-school/course"\n', encoding="utf-8")
    built = _build(tmp_path / "site", "--config", str(settings))
    assert built.returncode != 0
    assert "repository" in built.stderr
    assert not (tmp_path / "site").exists()


def test_a_folder_that_is_not_a_site_built_before_is_not_replaced(tmp_path):
    folder = tmp_path / "notes"
    folder.mkdir()
    (folder / "mine.txt").write_text("지우면 안 되는 파일", encoding="utf-8")
    built = _build(folder)
    assert built.returncode != 0
    assert "다른 파일이 있습니다" in built.stderr
    assert (folder / "mine.txt").read_text(encoding="utf-8") == "지우면 안 되는 파일"


# ---------------------------------------------------------------- nothing private
def _marked_lines() -> set[str]:
    """Lines of source/'s solution and hidden-test regions that neither the lectures nor release/ show: what only
    the instructor's repository may hold."""
    public = "\n".join(path.read_text(encoding="utf-8") for path in LECTURES + EXERCISES)
    public_lines = {line.strip() for notebook in LECTURES + EXERCISES
                    for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]
                    for line in "".join(cell["source"]).splitlines()}
    secret = set()
    for notebook in sorted((ROOT / "source").glob("*/*.ipynb")):
        for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
            inside = False
            for line in "".join(cell["source"]).splitlines():
                stripped = line.strip()
                if any(stripped.startswith(begin) for begin, _ in MARKER_REGIONS):
                    inside = True
                elif any(stripped.startswith(end) for _, end in MARKER_REGIONS):
                    inside = False
                elif inside and len(stripped) >= 16 and stripped not in public_lines and stripped not in public:
                    secret.add(stripped)
    return secret


def test_the_site_holds_no_file_of_source_and_nothing_between_solution_or_hidden_test_markers(site):
    source_files = {path.read_bytes() for path in (ROOT / "source").rglob("*") if path.is_file()}
    files = [path for path in site.folder.rglob("*") if path.is_file()]
    assert [path for path in files if path.read_bytes() in source_files] == []
    texts = {path: path.read_text(encoding="utf-8", errors="replace") for path in files
             if path.suffix in (".html", ".js", ".ipynb", ".txt", ".json", ".md")}
    assert [path for path, text in texts.items() if "BEGIN SOLUTION" in text or "BEGIN HIDDEN TESTS" in text] == []
    secret = _marked_lines()
    assert secret, "source/ has no solution or hidden-test line to look for"
    pages = {path: " ".join(BeautifulSoup(text, "html.parser").get_text().split()) if path.suffix == ".html" else text
             for path, text in texts.items()}
    leaked = {(path.name, line) for path, text in pages.items() for line in secret if " ".join(line.split()) in text}
    assert leaked == set()
