"""ch07 (학습된 어텐션): the by-hand BERT pieces against transformers' own BertModel on the real MiniLM weights,
the offline loading (hash, no network), the tokenizer on Korean, and the seeded toy model's learned row."""

from __future__ import annotations

import re
import socket
from pathlib import Path

import pytest
import torch
from course_testing import COURSE, instructions, notebook_text_outputs

from autograder.course.notebook import cell_source, grade_id, nbgrader_metadata, read_notebook
from helpers import data, reference
from helpers.grading import core, hidden_cases
from helpers.grading.ch07 import lecture_batch, lecture_hidden
from helpers.misconceptions import ch07 as catalogue

HEADS = data.MINILM_HEADS
EXERCISES = ("bert_embeddings", "bert_head_weights", "gelu")
LECTURE = Path(__file__).resolve().parents[2] / "notebooks" / "07_pretrained_attention.ipynb"


@pytest.fixture(scope="module")
def model():
    return data.minilm_transformers_model()


def _library(model, batch):
    with torch.no_grad():
        return model(**batch, output_attentions=True, output_hidden_states=True)


def _embedded(batch):
    e = data.minilm_embedding_weights()
    return reference.bert_embeddings(batch["input_ids"], batch["token_type_ids"], e["word"], e["position"],
                                     e["token_type"], e["gamma"], e["beta"], data.MINILM_EPS)


def _head_weights(hidden, layer, attention_mask):
    w = data.minilm_layer_weights(layer)
    return reference.bert_head_weights(hidden, w["query.weight"], w["query.bias"], w["key.weight"], w["key.bias"],
                                       HEADS, attention_mask)


def _random_batch(generator, n=50, max_len=24):
    """n token sequences of random real ids and lengths 3..max_len, [CLS] … [SEP] then [PAD], random segments."""
    lengths = torch.randint(3, max_len + 1, (n,), generator=generator)
    S = int(lengths.max())
    ids = torch.randint(1000, 30522, (n, S), generator=generator)
    ids[:, 0] = 101  # [CLS]
    positions = torch.arange(S)[None]
    ids[positions == (lengths[:, None] - 1)] = 102  # [SEP]
    attention_mask = (positions < lengths[:, None]).long()
    ids = ids * attention_mask  # [PAD] = 0
    token_type_ids = (torch.rand(n, S, generator=generator) > 0.5).long() * attention_mask
    return {"input_ids": ids, "token_type_ids": token_type_ids, "attention_mask": attention_mask}


@pytest.mark.parametrize("which", ["lecture", "random"])
def test_by_hand_embeddings_and_first_layer_attention_equal_the_library(model, which):
    """The lecture's sentences, and 50 random token sequences with padding and both segments: embeddings and every
    head's 비율표 of layer 0 within 1e-5 of hidden_states[0] and attentions[0] (padded query rows included)."""
    batch = (data.minilm_batch(list(data.EXAMPLE_SENTENCES)) if which == "lecture"
             else _random_batch(torch.Generator().manual_seed(7)))
    library = _library(model, batch)
    embedded = _embedded(batch)
    torch.testing.assert_close(embedded, library.hidden_states[0], rtol=0, atol=1e-5)
    weights = _head_weights(embedded, 0, batch["attention_mask"])
    assert weights.shape == library.attentions[0].shape == (*batch["input_ids"].shape[:1], HEADS,
                                                            batch["input_ids"].shape[1], batch["input_ids"].shape[1])
    torch.testing.assert_close(weights, library.attentions[0], rtol=0, atol=1e-5)


def test_every_layer_by_hand_equals_the_library_hidden_states_and_attentions(model):
    batch = data.minilm_batch(list(data.EXAMPLE_SENTENCES))
    library = _library(model, batch)
    hidden = _embedded(batch)
    for layer in range(data.MINILM_LAYERS):
        torch.testing.assert_close(_head_weights(hidden, layer, batch["attention_mask"]), library.attentions[layer],
                                   rtol=0, atol=1e-5)
        hidden = reference.bert_layer(hidden, data.minilm_layer_weights(layer), HEADS, batch["attention_mask"])
        torch.testing.assert_close(hidden, library.hidden_states[layer + 1], rtol=0, atol=1e-4)


def test_the_comparison_would_see_the_chapters_misconceptions(model):
    """Leaving out the biases, dividing by √384, positions from 1, relu for GELU: each is far outside 1e-5."""
    batch = data.minilm_batch(list(data.EXAMPLE_SENTENCES))
    library = _library(model, batch)
    e, w = data.minilm_embedding_weights(), data.minilm_layer_weights(0)
    X = _embedded(batch)
    right = library.attentions[0]
    no_bias = reference.bert_head_weights(X, w["query.weight"], torch.zeros(384), w["key.weight"], torch.zeros(384),
                                          HEADS, batch["attention_mask"])
    Q = reference.split_heads(reference.linear(X, w["query.weight"], w["query.bias"]), HEADS)
    K = reference.split_heads(reference.linear(X, w["key.weight"], w["key.bias"]), HEADS)
    wide = reference.row_softmax(torch.where(reference.bert_keep_mask(batch["attention_mask"]), Q @ K.transpose(-2, -1)
                                             / 384 ** 0.5, reference.MASK_FILL))
    S = batch["input_ids"].shape[1]
    shifted = reference.layer_norm(e["word"][batch["input_ids"]] + e["position"][1:S + 1]
                                   + e["token_type"][batch["token_type_ids"]], e["gamma"], e["beta"], 1e-12)
    for wrong in (no_bias, wide):
        assert (wrong - right).abs().max() > 1e-2
    assert (shifted - library.hidden_states[0]).abs().max() > 1e-2


def test_the_weights_file_is_checked_by_its_hash(monkeypatch):
    data.minilm_weights()
    monkeypatch.setattr(data, "MINILM_SHA256", "0" * 64)
    monkeypatch.setattr(data, "_MINILM_CACHE", {})
    with pytest.raises(RuntimeError, match="SHA-256"):
        data.minilm_weights()


def test_the_model_comes_from_the_installed_package_and_the_network_is_refused():
    assert (data.minilm_dir() / "model.safetensors").is_file()
    assert "site-packages" in str(data.minilm_dir())
    with data.no_network():
        import os

        assert os.environ["HF_HUB_OFFLINE"] == "1"
        with pytest.raises(data.NetworkForbidden):
            socket.create_connection(("huggingface.co", 443), timeout=1)
        with pytest.raises(data.NetworkForbidden):
            socket.getaddrinfo("huggingface.co", 443)
    assert socket.getaddrinfo is not None and socket.create_connection.__name__ == "create_connection"


def test_the_tokenizer_pads_nothing_and_splits_hangul_into_jamo_of_its_vocabulary():
    tokenizer = data.minilm_tokenizer()
    english = tokenizer.encode(data.EXAMPLE_SENTENCES[0]).tokens
    assert english[0] == "[CLS]" and english[-1] == "[SEP]" and "[PAD]" not in english and "cat" in english
    korean = tokenizer.encode("이불 배송 언제 와요").tokens[1:-1]
    assert korean[:2] == ["\u110b", "##\u1175"]  # ᄋ, ##ᅵ: the first syllable이 as two jamo
    assert "[UNK]" not in korean and len(korean) > 2 * 8  # every piece is a single jamo: 8 syllables, 20 pieces
    assert all(len(token.removeprefix("##")) == 1 for token in korean)


def _train_toy(task):
    return reference.train_toy_model(task.ids, task.question_at, task.labels, len(data.TOY_ACTIONS),
                                     len(data.TOY_VOCAB))


def _row_on_action_and_answers(model, task):
    """Per sentence: the weight 언제's row gives the action word [N], and whether the answer is right [N]."""
    rows = torch.arange(len(task.sentences))
    with torch.no_grad():
        on_action = model.weights(task.ids)[rows, task.question_at, task.action_at]
        right = model(task.ids, task.question_at).argmax(dim=-1) == task.labels
    return on_action, right


def test_no_rule_of_positions_answers_the_toy_task_and_the_held_out_orders_are_never_trained():
    """Over the training sentences every position of 언제 meets every other position of the action word; the
    held-out orders (언제 at each position) appear in no training sentence, and the issue's two examples are held
    out."""
    train, held_out = data.toy_sentences(), data.toy_sentences(data.TOY_HELD_OUT_ORDERS)
    pairs = set(zip(train.question_at.tolist(), train.action_at.tolist()))
    assert pairs == {(q, a) for q in range(4) for a in range(4) if q != a}
    assert not set(train.sentences) & set(held_out.sentences)
    assert {("배송", "이불", "언제", "와요"), ("언제", "배송", "이불", "와요")} <= set(held_out.sentences)
    assert set(held_out.question_at.tolist()) == {0, 1, 2, 3}
    assert len(data.TOY_TRAINING_ORDERS) + len(data.TOY_HELD_OUT_ORDERS) == 24
    assert all(sentence.count("언제") == 1 for sentence in train.sentences)
    assert [train.sentences[k][train.action_at[k]] for k in range(len(train.sentences))] == [
        data.TOY_ACTIONS[label] for label in train.labels]


def test_toy_model_reads_the_action_word_in_word_orders_it_never_saw():
    """The seeded run, on every held-out order and every sentence of it: 언제's row gives the action word more
    than 0.5 and the answer is right; before training it gives less than 0.5 on average. A second run gives the
    same numbers."""
    train = data.toy_sentences()
    (untrained, trained, losses), (_, again, losses_again) = _train_toy(train), _train_toy(train)
    assert losses == losses_again and losses[-1] < 0.01 * losses[0]
    for order in data.TOY_HELD_OUT_ORDERS:
        held_out = data.toy_sentences((order,))
        on_action, right = _row_on_action_and_answers(trained, held_out)
        assert on_action.min() > 0.5 and right.all(), order
        assert torch.equal(on_action, _row_on_action_and_answers(again, held_out)[0])
        assert _row_on_action_and_answers(untrained, held_out)[0].mean() < 0.5, order


def test_the_held_out_check_catches_a_model_that_learned_positions():
    """Trained on the two word orders "이불 배송 언제 와요" and "언제 이불 배송 와요" only, where 언제's place gives the
    action's place away, the model fails the held-out check: the check can fail."""
    item, action, question, ending = data.ToyRole
    two_orders = data.toy_sentences(((item, action, question, ending), (question, item, action, ending)))
    held_out = data.toy_sentences(data.TOY_HELD_OUT_ORDERS)
    on_action, right = _row_on_action_and_answers(_train_toy(two_orders)[1], held_out)
    assert on_action.min() < 0.5 and not right.all()


def test_the_lecture_shows_the_held_out_orders_read_by_words_and_the_by_hand_matches_as_computed():
    """The stored outputs: every pairing of positions in training, the held-out orders answered with 언제's row on
    the action word (also with the position vectors zeroed), every comparison with the library within its tolerance,
    the jamo split, the previous-token head, and the pattern factors printed, not typed."""
    text = notebook_text_outputs(LECTURE)
    assert "서로 다른 두 자리의 짝 12가지 가운데 학습 문장에 있는 것: 12가지" in text
    assert "남겨 둔 모든 문장에서 '언제'의 줄이 일 낱말에 0.5 넘게: True | 답을 모두 맞힘: True" in text
    words_only = re.search(r"위치 벡터를 지운 모델.*가장 작은 값 ([0-9.]+), 맞힌 비율 ([0-9.]+)", text)
    assert float(words_only.group(1)) > 0.5 and float(words_only.group(2)) == 1.0
    assert "입력 벡터와 라이브러리 hidden_states[0]의 가장 큰 차이가 1e-5 안: True" in text
    assert "라이브러리 attentions[0]과의 가장 큰 차이가 1e-5 안: True" in text
    assert "모든 층의 비율표가 1e-5 안: True | 은닉 상태가 1e-4 안: True" in text
    assert "SHA-256이 고정값과 같은가: True" in text
    assert "한국어 네 낱말 → 토큰 19개, [UNK]는 0개" in text
    assert re.search(r"앞 토큰\s+0\s+2\s+1\.000", text)  # layer 0, head 2 looks at the previous token
    assert re.search(r"다음 토큰 머리의 평균 비율은 72개 머리 중앙값의 \d+\.\d배", text)


def test_the_lecture_prints_tolerances_not_the_processors_rounding():
    """No stored output shows a difference in scientific notation (4.2e-07 on one CPU is 4.8e-07 on another)."""
    text = notebook_text_outputs(LECTURE)
    assert not re.findall(r"\d\.\d+e-\d+", text)


def test_every_lecture_figure_says_what_it_shows():
    """Each PNG the lecture stores carries Korean alt text in its metadata (helpers.plotting.show)."""
    images = [output for cell in read_notebook(LECTURE)["cells"] for output in cell.get("outputs", [])
              if "image/png" in output.get("data", {})]
    assert len(images) >= 6
    for output in images:
        alt = output.get("metadata", {}).get("image/png", {}).get("alt", "")
        assert re.search("[가-힣]", alt) and alt.endswith("."), alt


# ---------------------------------------------------------------- the assignment's hidden cases and catalogue
def _is_real_table(tensor):
    return tensor.shape == (30522, 384) and torch.equal(tensor, data.minilm_embedding_weights()["word"])


def test_hidden_cases_use_the_real_weights_and_random_ones_with_padding_float64_and_other_eps():
    embeddings = hidden_cases("bert_embeddings")
    assert sum(_is_real_table(case.args[2]) for case in embeddings) >= 2
    assert any(case.args[2].dtype == torch.float64 for case in embeddings)
    assert {case.kwargs.get("eps", 1e-12) for case in embeddings} > {1e-12}
    assert any(bool((case.args[0] == 0).any()) for case in embeddings)  # [PAD] ids
    assert any(int(case.args[4].shape[0]) != 2 for case in embeddings)  # token-type tables of 1 or 3 rows too
    heads = hidden_cases("bert_head_weights")
    real = [case for case in heads if case.args[0].shape[-1] == 384]
    layer3 = data.minilm_layer_weights(3)["query.weight"]
    assert len(real) == 2 and any(torch.equal(case.args[1], layer3) for case in real)
    masks = [case.args[6] for case in heads if len(case.args) == 7]
    assert any(len(case.args) == 6 for case in heads)
    assert {mask.dtype for mask in masks} >= {torch.bool, torch.long} and any(bool((m == 0).any()) for m in masks)
    assert {case.args[5] for case in heads} >= {1, 2, 12} and any(case.args[0].dtype == torch.float64 for case in heads)


def test_the_introduction_says_which_inputs_meet_the_real_weights():
    """Random tokens meet the real embedding tables (문제 1); the real layers 0 and 3 get the hidden states the
    lecture's two sentences have there (문제 2), not random tokens: the instructions say it as the cases do."""
    random_ids = [case.args[0] for case in hidden_cases("bert_embeddings") if _is_real_table(case.args[2])]
    lecture_ids = lecture_batch()["input_ids"]
    assert random_ids and all(ids.shape != lecture_ids.shape for ids in random_ids)
    real_heads = [case.args[0] for case in hidden_cases("bert_head_weights") if case.args[0].shape[-1] == 384]
    assert [any(torch.equal(hidden, lecture_hidden(layer)) for hidden in real_heads) for layer in (0, 3)] == [True] * 2
    introduction = " ".join(cell_source(read_notebook(COURSE.source_notebook("ch07_pretrained_attention"))["cells"][0])
                            .split())
    assert "문제 1은 그 임베딩 표에 무작위 토큰을" in introduction
    assert "문제 2는 0층과 3층의 가중치에 강의의 두 문장이 그 층에 들어갈 때의 은닉 상태를" in introduction


def test_no_hidden_sentence_is_all_padding_so_minus_infinity_is_as_good_as_minus_1e9():
    """A row whose keys are all [PAD] would be uniform with -1e9 and NaN with -inf: the cases never hold one
    (every sentence keeps a real token), and the instructions say so."""
    for case in hidden_cases("bert_head_weights"):
        if len(case.args) == 7:
            assert bool((case.args[6] != 0).any(dim=-1).all()), case.label
    text = " ".join(instructions("ch07_pretrained_attention", "bert_head_weights").split())
    assert "모든 Key가 가려진 줄은 나오지 않습니다" in text and "`-inf`로 채워 NaN이 되든 점수와 상관없습니다" in text


def test_the_lecture_shows_the_gelu_approximations_gap_the_exercise_cites():
    grid = torch.linspace(-6, 6, 12001, dtype=torch.float64)
    exact = reference.gelu(grid)
    gaps = {"tanh": (torch.nn.functional.gelu(grid, approximate="tanh") - exact).abs().max().item(),
            "sigmoid": (grid * torch.sigmoid(1.702 * grid) - exact).abs().max().item()}
    shown = notebook_text_outputs(LECTURE)
    cited = instructions("ch07_pretrained_attention", "gelu")
    for name, gap in gaps.items():
        assert re.search(rf"{name} 근사[^\n]*: 정확한 GELU와의 가장 큰 차이 {gap:.5f} ", shown), name
        assert f"{name} 근사는 {gap:.5f}" in cited, name
    assert 1e-5 < gaps["tanh"] < gaps["sigmoid"]  # both fail the grading tolerance: 문제 3 needs the erf


def test_hidden_cases_do_not_change_the_shared_weights():
    before = {name: tensor.clone() for name, tensor in data.minilm_embedding_weights().items()}
    for name in EXERCISES:
        for case in hidden_cases(name):
            case.call(getattr(reference, name))
    for name, tensor in data.minilm_embedding_weights().items():
        assert torch.equal(tensor, before[name]), name


def test_catalogue_covers_the_wrong_answers_the_issue_names():
    ids = {entry.code for entry in catalogue.MISCONCEPTIONS}
    assert {"bert_head_weights/no_bias", "bert_embeddings/positions_from_one", "bert_head_weights/mask_wrong_sign",
            "bert_head_weights/heads_wrong_axis", "bert_head_weights/sqrt_d_model", "bert_embeddings/eps_1e5",
            "gelu/no_half", "bert_head_weights/mask_fill_zero", "bert_head_weights/mask_added"} <= ids
    for name in EXERCISES:
        assert sum(entry.exercise == name for entry in catalogue.MISCONCEPTIONS) >= 4



def test_an_eps_of_1e5_shows_on_the_real_weights_within_the_grading_tolerance():
    args = data.minilm_batch(list(data.EXAMPLE_SENTENCES))
    e = data.minilm_embedding_weights()
    common = (args["input_ids"], args["token_type_ids"], e["word"], e["position"], e["token_type"], e["gamma"],
              e["beta"])
    wider = reference.bert_embeddings(*common, eps=1e-5)
    assert core.compare(reference.bert_embeddings(*common), wider, "") is not None


def test_the_assignment_hands_layer_norm_and_split_heads_over_in_a_locked_cell():
    """One locked cell imports the two, before the first exercise; each exercise may call only its own one."""
    cells = read_notebook(COURSE.source_notebook("ch07_pretrained_attention"))["cells"]
    ids = [grade_id(cell) for cell in cells]
    given = cells[ids.index("given_layer_norm_split_heads")]
    assert nbgrader_metadata(given)["locked"] is True and ids.index("given_layer_norm_split_heads") < ids.index(
        "bert_embeddings")
    assert cell_source(given).startswith("from helpers.given import layer_norm, split_heads")
    allowed = {name: exercise.allowed for name, exercise in core.exercises().items() if name in EXERCISES}
    assert allowed == {"bert_embeddings": ("layer_norm",), "bert_head_weights": ("split_heads",), "gelu": ()}
    assert sum(nbgrader_metadata(cell).get("points", 0) for cell in cells) == 10


def test_this_model_pools_by_the_mean_which_separates_meanings_better_than_its_cls_row(model):
    """ch07 §9: the package's pooling config says mean, not [CLS], and on the lecture's four sentences the mean
    parts same-meaning pairs from the others by more than the [CLS] row does, as the lecture prints."""
    import json

    pooling = json.loads((data.minilm_dir() / "1_Pooling" / "config.json").read_text())
    assert pooling["pooling_mode_mean_tokens"] and not pooling["pooling_mode_cls_token"]
    sentences = ["A cat is sleeping on the sofa.", "The kitten naps on the couch.",
                 "Stock prices fell sharply today.", "The market dropped a lot this morning."]
    batch = data.minilm_batch(sentences)
    with torch.no_grad():
        last = model(**batch).last_hidden_state
    real = batch["attention_mask"][..., None].float()

    def gap(vectors):
        cosine = torch.nn.functional.cosine_similarity(vectors[:, None], vectors[None], dim=-1)
        same = (cosine[0, 1] + cosine[2, 3]) / 2
        other = cosine[[0, 0, 1, 1], [2, 3, 2, 3]].mean()
        return (same - other).item()

    mean_gap, cls_gap = gap((last * real).sum(dim=1) / real.sum(dim=1)), gap(last[:, 0])
    assert mean_gap > cls_gap > 0
    text = notebook_text_outputs(LECTURE)
    assert "평균 (이 모델의 방식): 뜻이 같은 짝 평균" in text
    assert f"차이 {mean_gap:.2f}" in text and "[CLS] 줄: 뜻이 같은 짝" in text and f"차이 {cls_gap:.2f}" in text

