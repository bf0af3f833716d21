"""The instructor's and student's HTML pages (feedback, class report, similarity review) draw Hangul in the course's
NanumGothic and typeset math with MathJax, all served with the page (helpers/webfont.py): opened in Chromium with
every request refused, on a machine without a Korean system font."""

from __future__ import annotations

from pathlib import Path

import chromium
import nbformat
import pytest

from autograder.hub.formgrader import SanitizingHTMLExporter
from autograder.report import render as render_report
from autograder.similarity.page import render as render_similarity
from autograder.similarity.result import Review
from helpers.webfont import offline_page

pytestmark = pytest.mark.slow

PNG = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000"
                    "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082")
REPORT = {"assignment": "ch01_handmade_qkv", "submitted": 2, "graded": 2, "ungraded_count": 0, "mean": 5.0,
          "median": 5.0, "full_marks": 1, "max_score": 10.0, "test_cells": [], "failures": {}, "checks": {},
          "ungraded": [], "findings": [], "scores": {"s01": 10.0, "s02": 0.0}}
FEEDBACK_NOTEBOOK = nbformat.v4.new_notebook(cells=[
    nbformat.v4.new_markdown_cell("## 점수표\n\n점수는 $QK^\\top / \\sqrt{d_k}$ 로 나눕니다."),
    nbformat.v4.new_code_cell("print('강의의 점수표와 같습니다')", outputs=[
        nbformat.v4.new_output("stream", name="stdout", text="강의의 점수표와 같습니다\n")]),
])


def _feedback_like_page() -> str:
    """A page as the feedback command writes one: nbconvert's export (which fetches MathJax from a CDN) made
    offline by the feedback command's hook."""
    html, _ = SanitizingHTMLExporter().from_notebook_node(FEEDBACK_NOTEBOOK)
    assert "cdnjs.cloudflare.com" in html  # what the hook has to remove
    return offline_page(html, math=True)


PAGES = {
    "feedback": (_feedback_like_page, {"heading": "h2", "prose": "p", "output": "pre"}),
    "report": (lambda: render_report(REPORT, {"scores.png": PNG, "pass_rate.png": PNG}),
               {"heading": "h1", "table": "th", "prose": "p.muted"}),
    "similarity": (lambda: render_similarity(Review("ch01_handmade_qkv", 0.5, 2, ())), {"heading": "h1", "prose": "p"}),
}


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    chromium.skip_without_chromium()
    with sync_playwright() as playwright:
        instance = chromium.launch(playwright)
        yield instance
        instance.close()


def _open_offline(browser, path: Path):
    """The page at `path` with every request refused; returns (page, the URLs it asked for)."""
    page = browser.new_page()
    asked = []

    def refuse(route):
        asked.append(route.request.url)
        route.abort()

    page.route("**/*", lambda route: route.continue_() if route.request.url.startswith("file:") else refuse(route))
    page.goto(path.as_uri())
    page.wait_for_load_state("load")
    return page, asked


@pytest.mark.parametrize("kind", PAGES)
def test_the_pages_hangul_is_drawn_in_the_shipped_font_with_nothing_fetched(browser, tmp_path, kind):
    make, probes = PAGES[kind]
    path = tmp_path / f"{kind}.html"
    path.write_text(make(), encoding="utf-8")
    page, asked = _open_offline(browser, path)
    missed = chromium.hangul_not_in_nanum(page, probes)
    page.close()
    assert (missed, asked) == ({}, [])


def test_the_feedback_pages_math_is_typeset_by_the_mathjax_in_the_page(browser, tmp_path):
    path = tmp_path / "feedback.html"
    path.write_text(_feedback_like_page(), encoding="utf-8")
    page, asked = _open_offline(browser, path)
    page.wait_for_function("window.MathJax && MathJax.startup && MathJax.startup.promise")
    page.evaluate("MathJax.startup.promise.then(() => true)")
    typeset = page.locator("mjx-container").count()
    page.close()
    assert (typeset, asked) == (1, [])
