"""The similarity review as one HTML page for the instructor, in Korean, worded as a review to make.

Everything a student wrote reaches the page escaped (their code through copydetect's highlighter with
escape_html, ids and names through html.escape), and the page carries a Content-Security-Policy that allows no
script at all: a submission cannot put markup or script into it.
"""

from __future__ import annotations

import datetime
import html

from autograder.similarity.result import Review
from autograder.similarity.scoring import PairEvidence
from helpers.webfont import FONT_SOURCE, offline_page

POLICY = f"default-src 'none'; style-src 'unsafe-inline'; img-src data:; {FONT_SOURCE}"
STYLE = """
body{font-family:"Noto Sans KR","Malgun Gothic","Apple SD Gothic Neo",sans-serif;max-width:80rem;margin:2rem auto;
padding:0 1rem;color:#222;line-height:1.5}
h1{font-size:1.6rem}h2{font-size:1.25rem;margin-top:2rem;border-bottom:1px solid #ddd}h3{font-size:1.05rem}
table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #ccc;padding:.25rem .5rem;vertical-align:top}
th{background:#f3f3f3;white-space:nowrap}td.n{text-align:right}code{background:#f6f6f6;padding:0 .2rem}
.muted{color:#777}
.side{display:grid;grid-template-columns:1fr 1fr;gap:.75rem}.side pre{background:#fafafa;border:1px solid #ddd;
padding:.5rem;overflow-x:auto;font-size:.85rem;margin:0}mark{background:#ffe08a}
.note{background:#fff7e0;border-left:4px solid #e0b000;padding:.5rem .75rem}
"""
ABOUT = ("점수는 두 제출이 함께 가진 코드 지문의 무게입니다. 지문은 풀이 셀을 세 가지로 봅니다: "
         "이름·문자열·주석을 지운 구조, 쓴 그대로의 이름, 주석·docstring·문자열의 말. "
         "배포본·강의·참고 풀이의 코드는 세지 않고, 반의 여러 학생이 "
         "함께 쓴 조각은 흔한 표현으로 보아 가볍게 셉니다. 두 학생이 같은 문제를 이름 없는 같은 실수(…/mismatch 등)로 "
         "틀렸으면 그 실수가 반에서 드물수록 그 문제의 무게가 커지고, 서로 다르게 틀렸으면 작아집니다 (목록에 있는 "
         "오개념은 학생들이 따로도 하는 실수라 키우지 않습니다). 짝의 점수는 가장 강한 문제의 점수에 나머지 문제 "
         "점수의 4분의 1을 더한 것입니다.")
CANNOT = ("이 표는 살펴볼 곳을 알려 줄 뿐 베꼈다는 판정이 아닙니다. 수업에서 함께 푼 학생들은 비슷해 보이고, "
          "손으로 알아볼 수 없을 만큼 다시 쓴 코드는 찾지 못합니다. 학생과 이야기하기 전에 두 제출을 직접 읽어 보세요.")


def _e(text) -> str:
    return html.escape(str(text), quote=True)


def _pair_id(pair: PairEvidence) -> str:
    return f"pair-{_e(pair.first)}-{_e(pair.second)}".replace(" ", "_")


def _exercises_cell(pair: PairEvidence) -> str:
    return ", ".join(f"<code>{_e(e.exercise)}</code> {e.score:.0f}" for e in pair.exercises if round(e.score))


def _mistakes_cell(pair: PairEvidence) -> str:
    shared = [e for e in pair.exercises if e.shared_mistake]
    return "<br>".join(f"<code>{_e(e.shared_mistake)}</code> (반에서 {e.mistake_students}명)" for e in shared) or "-"


def _table(review: Review) -> str:
    if not review.pairs:
        return "<p>기준을 넘는 짝이 없습니다.</p>"
    rows = "".join(
        f"<tr><td class='n'>{rank}</td><td><a href='#{_pair_id(pair)}'>{_e(review.label(pair.first))} · "
        f"{_e(review.label(pair.second))}</a></td><td class='n'>{pair.score:.0f}</td><td>{_exercises_cell(pair)}</td>"
        f"<td>{_mistakes_cell(pair)}</td></tr>"
        for rank, pair in enumerate(review.pairs, start=1))
    return ("<table><tr><th>순위</th><th>학생 짝</th><th>점수</th><th>비슷한 문제 (문제별 점수)</th>"
            f"<th>함께 틀린 실수</th></tr>{rows}</table>")


def _side_by_side(review: Review, pair: PairEvidence) -> str:
    parts = [f"<h3 id='{_pair_id(pair)}'>{_e(review.label(pair.first))} · {_e(review.label(pair.second))} — "
             f"점수 {pair.score:.0f}</h3>"]
    highlighted = {h.exercise: h for h in review.highlights.get((pair.first, pair.second), ())}
    for evidence in (e for e in pair.exercises if round(e.score)):
        why = (f"함께 가진 지문 {evidence.shared_fingerprints}개; 각자 쓴 코드 중 겹치는 몫 "
               f"{evidence.shares[0]:.0%} · {evidence.shares[1]:.0%}")
        if evidence.shared_mistake:
            why += (f"; 둘 다 <code>{_e(evidence.shared_mistake)}</code> 로 틀림 "
                    f"(반에서 {evidence.mistake_students}명)")
        parts.append(f"<p><code>{_e(evidence.exercise)}</code> — 점수 {evidence.score:.0f}: {why}</p>")
        shown = highlighted.get(evidence.exercise)
        if shown is not None:
            parts.append(f"<div class='side'><pre>{shown.first_html}</pre><pre>{shown.second_html}</pre></div>")
    return "\n".join(parts)


def render(review: Review) -> str:
    """The whole page."""
    notes = "".join(f"<li>{_e(note)}</li>" for note in review.notes)
    below = ("" if review.highest_below is None else
             f" 기준 아래에서 가장 높은 짝의 점수는 {review.highest_below:.0f} 입니다.")
    shown = [pair for pair in review.pairs if (pair.first, pair.second) in review.highlights]
    body = [f"<h1>{_e(review.assignment)} — 검토해 볼 만큼 비슷한 제출</h1>",
            f"<p class='muted'>만든 때: {datetime.datetime.now():%Y-%m-%d %H:%M} · 비교한 제출 {review.reviewed}개 · "
            f"기준 점수 {review.threshold:g} (nbgrader_config.py 의 c.SimilarityReview.threshold 또는 --threshold)."
            f"{below}</p>",
            f"<p class='note'>{_e(CANNOT)}</p>", f"<p class='muted'>{_e(ABOUT)}</p>",
            "<h2>검토해 볼 만큼 비슷한 짝</h2>", _table(review)]
    if notes:
        body += ["<h2>비교하지 못한 것</h2>", f"<ul>{notes}</ul>"]
    if shown:
        body += ["<h2>나란히 보기</h2>", "<p class='muted'>노란 칸이 두 제출이 함께 가진 부분입니다.</p>"]
        body += [_side_by_side(review, pair) for pair in shown]
    return offline_page(f"<!DOCTYPE html>\n<html lang='ko'><head><meta charset='utf-8'>"
                        f"<meta http-equiv='Content-Security-Policy' content=\"{POLICY}\">"
                        f"<title>{_e(review.assignment)} 비슷한 제출 검토</title><style>{STYLE}</style></head>"
                        f"<body>\n" + "\n".join(body) + "\n</body></html>\n")  # the course's font inline
