"""The course's font embedded in a page: the same bytes whenever the page is made, so a page made again (a rerun of
feedback after a fault) is the page made before."""

from __future__ import annotations

import time

from helpers.webfont import HANGUL_FONTS, web_font


def test_an_embedded_font_subset_is_the_same_bytes_a_second_later():
    name = next(iter(HANGUL_FONTS))
    first = web_font(name, "자동 채점 결과")
    time.sleep(1.1)  # fontTools stamps the time of saving, to the second, unless told not to
    assert web_font(name, "자동 채점 결과") == first
