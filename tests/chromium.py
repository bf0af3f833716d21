"""The tests' real browser: Debian's Chromium driven by Playwright, which downloads no browser of its own,
and what the tests read off a JupyterLab page in it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
# As root on a machine with no outside network: no sandbox of Chromium's own, nothing fetched in the background.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
KOREAN_MENUS = {"파일", "편집", "보기", "커널", "도움말"}


def skip_without_chromium() -> None:
    if not Path(CHROMIUM).exists():
        pytest.skip("Chromium이 없습니다: `apt-get install chromium` (course.py test가 root 에서는 설치합니다)")


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


# ---------------------------------------------------------------- Hangul in the shipped font
FONT_PROBE = """([selector, probe]) => {
  for (const element of document.querySelectorAll(selector)) {
    const own = [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.data);
    const syllables = own.join("").match(/[\\uac00-\\ud7a3]/g);
    if (syllables) {
      element.setAttribute("data-font-probe", probe);
      element.scrollIntoView({block: "center"});  // a notebook lays out only the cells in view
      return syllables.length;
    }
  }
  return 0;
}"""

NEXT_FRAMES = "new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))"


def hangul_not_in_nanum(page, probes: dict[str, str]) -> dict[str, list]:
    """For each probe (name → CSS selector), the first element under the selector whose own text holds Hangul
    syllables: DevTools' platform fonts for it, kept only when the NanumGothic web font the page loaded did not
    draw every one of them (so {} means all Hangul probed is drawn in the course's font, not a system font)."""
    page.evaluate("document.fonts.ready.then(() => true)")
    devtools = page.context.new_cdp_session(page)
    devtools.send("DOM.enable")
    devtools.send("CSS.enable")
    missed = {}
    for probe, selector in probes.items():
        syllables, fonts = _platform_fonts(page, devtools, selector, probe)
        nanum = sum(font["glyphCount"] for font in fonts if font["isCustomFont"] and "Nanum" in font["postScriptName"])
        if nanum != syllables:
            missed[probe] = fonts
    devtools.detach()
    return missed


def _platform_fonts(page, devtools, selector: str, probe: str, attempts: int = 5) -> tuple[int, list]:
    """(Hangul syllables in the probed element's own text, DevTools' platform fonts for it). JupyterLab redraws
    cells as it lays them out (CodeMirror replaces its lines, a windowed notebook detaches cells), so the marked
    element can be gone by the time DevTools asks for it: then the probe marks the element drawn now."""
    for _ in range(attempts):
        syllables = page.evaluate(FONT_PROBE, [selector, probe])
        assert syllables, f"no Hangul under {selector}"
        page.evaluate(NEXT_FRAMES)
        document = devtools.send("DOM.getDocument", {"depth": -1})["root"]["nodeId"]
        node = devtools.send("DOM.querySelector", {"nodeId": document, "selector": f'[data-font-probe="{probe}"]'})
        try:
            if node["nodeId"]:
                return syllables, devtools.send("CSS.getPlatformFontsForNode", {"nodeId": node["nodeId"]})["fonts"]
        except PlaywrightError as error:
            if "Could not find node" not in error.message:
                raise
    raise AssertionError(f"{selector}: the page redrew the probed element {attempts} times before DevTools read it")
