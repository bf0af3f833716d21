"""The tests' real browser: Debian's Chromium driven by Playwright, which downloads no browser of its own,
and what the tests read off a JupyterLab page in it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
# As root on a machine with no outside network: no sandbox of Chromium's own, nothing fetched in the background.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
KOREAN_MENUS = {"파일", "편집", "보기", "커널", "도움말"}


def skip_without_chromium() -> None:
    if not Path(CHROMIUM).exists():
        pytest.skip("Chromium 이 없습니다: `apt-get install chromium` (course.py test 가 root 에서는 설치합니다)")


def launch(playwright):
    """Chromium, headless, as the tests run it."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


def menu_bar(page) -> list[str]:
    return page.locator(".lm-MenuBar-itemLabel").all_inner_texts()


def nbgrader_menu(page) -> list[str]:
    """The items of the Lab's Nbgrader menu (opened, read, closed again)."""
    page.locator(".lm-MenuBar-itemLabel", has_text="Nbgrader").click()
    items = page.locator(".lm-Menu-content .lm-Menu-itemLabel").all_inner_texts()
    page.keyboard.press("Escape")
    return [item for item in items if item]


def toasts(page) -> list[str]:
    """Notices the Lab shows as toasts (the news question is one)."""
    return page.locator(".Toastify__toast").all_inner_texts()
