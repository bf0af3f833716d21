"""The similarity review as one HTML page for the instructor, in Korean, worded as a review to make.

Everything a student wrote reaches the page escaped (their code through copydetect's highlighter with
escape_html, ids and names through the template's autoescape: autograder/course/pages.py), and the page
carries a Content-Security-Policy that allows no script at all: a submission cannot put markup or script into it.
"""

from __future__ import annotations

from markupsafe import Markup

from autograder.course.pages import render_page
from autograder.similarity.result import Review
from autograder.similarity.scoring import PairEvidence
from helpers.webfont import FONT_SOURCE

POLICY = f"default-src 'none'; style-src 'unsafe-inline'; img-src data:; {FONT_SOURCE}"
ABOUT = ("점수는 두 제출이 함께 가진 코드 지문의 무게입니다. 지문은 풀이 셀을 세 가지로 봅니다: "
         "이름·문자열·주석을 지운 구조, 쓴 그대로의 이름, 주석·docstring·문자열의 말. "
         "배포본·강의·참고 풀이의 코드는 세지 않고, 반의 여러 학생이 "
         "함께 쓴 조각은 흔한 표현으로 보아 가볍게 셉니다. 두 학생이 같은 문제를 이름 없는 같은 실수(…/mismatch 등)로 "
         "틀렸으면 그 실수가 반에서 드물수록 그 문제의 무게가 커지고, 서로 다르게 틀렸으면 작아집니다 (목록에 있는 "
         "오개념은 학생들이 따로도 하는 실수라 키우지 않습니다). 짝의 점수는 가장 강한 문제의 점수에 나머지 문제 "
         "점수의 4분의 1을 더한 것입니다.")
CANNOT = ("이 표는 살펴볼 곳을 알려 줄 뿐 베꼈다는 판정이 아닙니다. 수업에서 함께 푼 학생들은 비슷해 보이고, "
          "손으로 알아볼 수 없을 만큼 다시 쓴 코드는 찾지 못합니다. 학생과 이야기하기 전에 두 제출을 직접 읽어 보세요.")


def _pair_id(pair: PairEvidence) -> str:
    return f"pair-{pair.first}-{pair.second}".replace(" ", "_")


def render(review: Review) -> str:
    """The whole page (templates/similarity.html)."""
    return render_page(
        "similarity.html", review=review, about=ABOUT, cannot=CANNOT, pair_id=_pair_id,
        policy=Markup(POLICY),  # the course's own constant: its quotes stay as written
        scored=lambda pair: [evidence for evidence in pair.exercises if round(evidence.score)],
        highlights=lambda pair: {h.exercise: h for h in review.highlights.get((pair.first, pair.second), ())},
        shown=[pair for pair in review.pairs if (pair.first, pair.second) in review.highlights])
