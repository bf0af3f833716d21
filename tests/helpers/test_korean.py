"""helpers.korean picks the particle a Korean reader expects after a word known only when a message runs."""

from __future__ import annotations

import pytest

from helpers.korean import Particle, attach, fill


@pytest.mark.parametrize(("word", "expected"), [
    ("d_k", "d_k가"),            # 케이
    ("d_model", "d_model이"),    # 모델
    ("num_heads", "num_heads가"),
    ("X", "X가"),                # 엑스
    ("W_q", "W_q가"),            # 큐
    ("FFN", "FFN이"),            # 엔
    ("BERT", "BERT가"),          # 티
    ("attention", "attention이"),
    ("mask", "mask가"),          # 마스크
    ("input", "input이"),        # 인풋
    ("layer", "layer가"),        # 레이어
    ("`x`", "`x`가"),
    ("mask[0]", "mask[0]이"),    # 영
    ("10", "10이"),              # 십
    ("2", "2가"),                # 이
    ("가중치", "가중치가"),
    ("점수표", "점수표가"),
    ("1강 01_handmade_qkv §1단계 · 점수표", "1강 01_handmade_qkv §1단계 · 점수표가"),
    ("비율", "비율이"),
])
def test_subject_particle_follows_the_last_sound(word: str, expected: str) -> None:
    assert attach(word, Particle.SUBJECT) == expected


@pytest.mark.parametrize(("word", "particle", "expected"), [
    ("dot_scores", Particle.OBJECT, "dot_scores를"),
    ("까닭", Particle.OBJECT, "까닭을"),
    ("d_model", Particle.TOPIC, "d_model은"),
    ("softmax", Particle.TOPIC, "softmax는"),  # 엑스
    ("Q", Particle.AND, "Q와"),
    ("K", Particle.AND, "K와"),
    ("d_model", Particle.TOWARD, "d_model로"),   # ㄹ takes 로
    ("num_heads=4", Particle.TOWARD, "num_heads=4로"),
    ("6", Particle.TOWARD, "6으로"),             # 육
    ("1", Particle.TOWARD, "1로"),               # 일
    ("R", Particle.TOWARD, "R로"),               # 알
])
def test_each_particle_has_both_forms(word: str, particle: Particle, expected: str) -> None:
    assert attach(word, particle) == expected


def test_fill_attaches_a_particle_where_the_template_names_one() -> None:
    message = fill("인자 {argument:을} 바꿔도 {argument:이} 그대로, {n}개", argument="mask", n=3)
    assert message == "인자 mask를 바꿔도 mask가 그대로, 3개"


def test_fill_keeps_ordinary_format_specs() -> None:
    assert fill("{value:.2f}{unit:으로}", value=0.5, unit="초") == "0.50초로"
