"""helpers.grading.probes: a wrong answer that matches no catalogued variant is named by what it was seen to do
when one thing about its input changed, and a right answer or another mistake is never given that name."""

from __future__ import annotations

import textwrap

import pytest

from helpers.grading import check
from helpers.grading.hard import SUBTRACT_ROW_MAX, ZERO_LOG_ZERO
from helpers.grading.verdict import TAG_PATTERN
from helpers.misconceptions import for_exercise
from helpers.misconceptions.probes import MESSAGES, TRACE_THE_HARD_INPUT, Probe


def _notebook_function(name: str, cells: str):
    """The function `name` defined by `cells` run in a namespace of its own, as a notebook's cells would be."""
    namespace: dict = {}
    exec(textwrap.dedent(cells), namespace)  # noqa: S102 - the test's own code, standing in for notebook cells
    return namespace[name]


def _verdict(name: str, function) -> str:
    """The '<exercise>/<code>' of the hidden test's verdict (a fresh copy of the grading code raises it)."""
    with pytest.raises(AssertionError) as failure:
        check(name, function)
    return TAG_PATTERN.search(str(failure.value)).group(1)


ANSWERS = {  # (exercise, notebook cells defining it) → the probe that names it
    Probe.IGNORES_ARGUMENT: ("mix_values", """
        import torch
        def mix_values(weights, V):
            return weights @ torch.ones_like(V)  # only V's shape is used
        """),
    Probe.USES_NOTEBOOK_GLOBAL: ("mix_values", """
        from helpers import data
        Q, K, V = data.handmade_qkv()  # the lecture's cell
        def mix_values(weights, values):
            return weights @ V  # the notebook's V, not the argument
        """),
    Probe.PARAMETER_NOT_PASSED: ("add_and_norm", """
        import torch
        def layer_norm(x, gamma, beta, eps=1e-5):
            mean = x.mean(dim=-1, keepdim=True)
            var = ((x - mean) ** 2).mean(dim=-1, keepdim=True)
            return gamma * (x - mean) / torch.sqrt(var + eps) + beta
        def add_and_norm(x, sublayer_output, gamma, beta, eps=1e-5):
            return layer_norm(x + sublayer_output, gamma, beta)  # eps is not passed on
        """),
    Probe.WRONG_TYPE: ("softmax_1d", """
        import numpy as np
        import torch
        def softmax_1d(x):
            exps = np.exp(x - x.max())
            return torch.from_numpy(exps / exps.sum())
        """),
    Probe.WRONG_DTYPE: ("padding_mask", """
        def padding_mask(x, pad_id=0):
            return (x != pad_id).unsqueeze(-2).float()
        """),
    Probe.WRONG_SHAPE: ("mix_values", """
        def mix_values(weights, V):
            return (weights.unsqueeze(-1) * V.unsqueeze(-3)).sum(dim=-3)  # sums over the queries
        """),
    Probe.DEFAULT_FAILS: ("masked_attention", """
        import math
        import torch
        def masked_attention(q, k, v, mask=None):
            scores = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))
            scores = scores.masked_fill(torch.as_tensor(mask) == 0, -1e9)  # mask=None hides every score
            p_attn = scores.softmax(dim=-1)
            return p_attn @ v, p_attn
        """),
    Probe.MASK_SENSE: ("bert_head_weights", """
        import math
        import torch
        from helpers.reference import split_heads
        def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
            Q = split_heads(hidden @ W_q.T + b_q, num_heads)
            K = split_heads(hidden @ W_k.T + b_k, num_heads)
            scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
            if attention_mask is not None:
                scores = scores + attention_mask[:, None, None, :] * -1e9  # hides the real tokens
            return torch.softmax(scores, dim=-1)
        """),
    Probe.NUMERICALLY_FRAGILE: ("layer_norm", """
        import torch
        def layer_norm(x, gamma, beta, eps=1e-5):
            mean = x.mean(dim=-1, keepdim=True)
            var = (x * x).mean(dim=-1, keepdim=True) - mean * mean  # E[x²] − E[x]² cancels around large values
            return gamma * (x - mean) / torch.sqrt(var + eps) + beta
        """),
    Probe.VALUES_INDICES_PAIR: ("masked_attention", """
        import math
        def masked_attention(q, k, v, mask=None):
            scores = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))
            hidden = None if mask is None else ~mask.bool()
            scores = scores if hidden is None else scores.masked_fill(hidden, -1e9)
            shifted = (scores - scores.max(-1, keepdim=True)).exp()  # max(-1) is a (values, indices) pair
            p_attn = shifted / shifted.sum(-1, keepdim=True)
            return p_attn @ v, p_attn
        """),
    Probe.SCALAR_FUNCTION_ON_TENSOR: ("softmax_1d", """
        import math
        def softmax_1d(x):
            exps = math.exp(x - x.max())  # one number at a time only
            return exps / exps.sum()
        """),
    Probe.INDEX_BEYOND_TABLE: ("bert_embeddings", """
        import torch
        from helpers.reference import layer_norm
        def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
            where = torch.arange(input_ids.size(-1))
            summed = word[input_ids] + position[where] + token_type[input_ids]  # the sentence rows by word ids
            return layer_norm(summed, gamma, beta, eps)
        """),
    Probe.TRANSPOSED_ARGUMENT: ("feed_forward", """
        import torch
        def feed_forward(x, W1, b1, W2, b2):
            return torch.relu(x @ W1.T + b1) @ W2 + b2  # nn.Linear's habit, for a W1 laid out [d_model, d_ff]
        """),
    Probe.MIXES_POSITIONS: ("row_softmax", """
        import torch
        def row_softmax(scores):
            exps = torch.exp(scores - scores.amax(dim=-1, keepdim=True))
            return exps / sum(exps)  # Python's sum adds along the first axis: every row's numbers in each row
        """),
    Probe.RECIPROCAL: ("scale_scores", """
        def scale_scores(scores, d_k):
            return d_k ** 0.5 / scores  # the division upside down
        """),
    Probe.ROUNDED_RESULT: ("score_magnitude", """
        import math
        def score_magnitude(Q, K):
            scores = Q @ K.transpose(-2, -1)
            before, after = scores.abs().mean().item(), (scores / math.sqrt(Q.shape[-1])).abs().mean().item()
            return round(before, 2), round(after, 2)  # rounded like the lecture's printed numbers
        """),
    Probe.CONSTANT_FACTOR: ("dot_scores", """
        def dot_scores(Q, K):
            return (Q.unsqueeze(-2) * K.unsqueeze(-3)).mean(dim=-1)  # the mean of the products, not their sum
        """),
    Probe.FUNCTION_OF_RESULT: ("row_entropy", """
        import torch
        def row_entropy(weights):
            return torch.exp(-torch.xlogy(weights, weights).sum(dim=-1))  # exp(H): the perplexity
        """),
    Probe.ROWS_RESCALED: ("mix_values", """
        def mix_values(weights, V):
            out = weights @ V
            return out / out.sum(dim=-1, keepdim=True)  # each row divided by its own sum
        """),
    Probe.FUNCTION_OF_ARGUMENT: ("mix_values", """
        import torch
        def mix_values(weights, V):
            return torch.exp(weights) @ V  # the weights taken for scores once more
        """),
    Probe.OFFSET: ("layer_norm", """
        import torch
        def layer_norm(x, gamma, beta, eps=1e-5):
            mean = x.mean(dim=-1, keepdim=True)
            var = ((x - mean) ** 2).mean(dim=-1, keepdim=True)
            return gamma * (x - mean) / torch.sqrt(var + eps) + beta + 0.5  # one number added
        """),
    Probe.ARGUMENT_FORMULA: ("scale_scores", """
        def scale_scores(scores, d_k):
            return scores / d_k ** (1 / 3)  # the cube root of d_k
        """),
}


@pytest.mark.parametrize("probe", list(ANSWERS), ids=lambda probe: probe.value)
def test_an_uncatalogued_mistake_is_named_by_the_probe_that_sees_it(probe):
    exercise, cells = ANSWERS[probe]
    assert _verdict(exercise, _notebook_function(exercise, cells)) == f"{exercise}/{probe.value}"


def test_a_scalar_whose_effect_only_rounds_away_on_some_values_is_not_called_ignored():
    """int(√d_k) is 1 for d_k = 2 and 3, but not for 4: d_k reaches the result, wrongly."""
    function = _notebook_function("scale_scores", """
        import math
        def scale_scores(scores, d_k):
            return scores / int(math.sqrt(d_k))
        """)
    assert _verdict("scale_scores", function) != "scale_scores/parameter_not_passed"


def test_a_function_that_ignores_every_argument_is_not_named_for_one_of_them():
    function = _notebook_function("mix_values", """
        import torch
        def mix_values(weights, V):
            return torch.zeros(3, 2)
        """)
    assert _verdict("mix_values", function).split("/")[1] not in {Probe.IGNORES_ARGUMENT.value,
                                                                  Probe.USES_NOTEBOOK_GLOBAL.value}


def test_a_function_that_ignores_every_argument_for_notebook_variables_is_named_by_them():
    """Constant because it computes from the notebook's variables, which fit no case (another width): those
    variables are what it uses in place of every argument."""
    function = _notebook_function("project_qkv", """
        import torch
        torch.manual_seed(3)
        X, Wq, Wk, Wv = torch.randn(5, 6), torch.randn(6, 6), torch.randn(6, 6), torch.randn(6, 6)
        def project_qkv(x, wq, wk, wv):
            return X @ Wq, X @ Wk, X @ Wv
        """)
    assert _verdict("project_qkv", function) == "project_qkv/uses_notebook_global"


def test_probe_kinds_are_never_catalogue_ids_so_a_code_means_one_thing():
    kinds = {probe.value for probe in Probe}
    assert not [entry.code for exercise in ("dot_scores", "mix_values", "masked_attention", "add_and_norm")
                for entry in for_exercise(exercise) if entry.id in kinds]


def test_every_probe_has_a_korean_message_with_a_hint():
    assert set(MESSAGES) == set(Probe)
    assert all(message.explanation and message.hint and any("가" <= ch <= "힣" for ch in message.explanation)
               for message in MESSAGES.values())


def test_a_function_that_returns_nothing_is_not_said_to_return_another_type():
    function = _notebook_function("mix_values", """
        def mix_values(weights, V):
            weights @ V  # the return is missing
        """)
    assert _verdict("mix_values", function) == "mix_values/mismatch"


def test_the_right_values_in_a_list_where_the_exercise_returns_a_tuple_lose_the_points_and_are_named():
    function = _notebook_function("project_qkv", """
        def project_qkv(X, Wq, Wk, Wv):
            return [X @ Wq, X @ Wk, X @ Wv]
        """)
    assert _verdict("project_qkv", function) == "project_qkv/wrong_type"


def test_a_catalogued_mistake_times_one_number_is_named_as_both():
    """softmax of the unscaled scores, then the weights ÷√d_k: the entry no_scaling, and a constant factor."""
    function = _notebook_function("masked_attention", """
        import math
        def masked_attention(q, k, v, mask=None):
            scores = q @ k.transpose(-2, -1)
            hidden = None if mask is None else ~mask.bool()
            scores = scores if hidden is None else scores.masked_fill(hidden, -1e9)
            p_attn = scores.softmax(dim=-1) / math.sqrt(q.size(-1))
            return p_attn @ v, p_attn
        """)
    assert _verdict("masked_attention", function) == "masked_attention/constant_factor+no_scaling"


def test_a_wrong_answer_that_is_no_multiple_of_the_right_one_is_not_called_a_constant_factor():
    function = _notebook_function("dot_scores", """
        def dot_scores(Q, K):
            return Q @ K.transpose(-2, -1) + 1.0
        """)
    assert Probe.CONSTANT_FACTOR.value not in _verdict("dot_scores", function)


def test_an_error_that_names_no_table_of_the_arguments_is_not_called_an_index_beyond_a_table():
    function = _notebook_function("bert_embeddings", """
        def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
            return word[word.shape[0]]  # past the last row, but no argument holds that number
        """)
    assert _verdict("bert_embeddings", function) == "bert_embeddings/error"


def test_weights_drawn_from_a_fresh_generator_when_none_is_given_lose_the_points():
    """generator=None means torch's global random state: the hidden cases seed it and call without a generator."""
    function = _notebook_function("scaled_init", """
        import torch
        def scaled_init(d_in, d_out, generator=None):
            generator = generator or torch.Generator()  # a new generator ignores torch.manual_seed
            return torch.randn(d_in, d_out, generator=generator) / d_in ** 0.5
        """)
    assert _verdict("scaled_init", function) == "scaled_init/default_fails"


def test_weights_drawn_by_numpy_are_not_said_to_come_from_torchs_random_state():
    function = _notebook_function("scaled_init", """
        import numpy as np
        import torch
        def scaled_init(d_in, d_out, generator=None):
            return torch.from_numpy(np.random.randn(d_in, d_out) / np.sqrt(d_in)).float()
        """)
    with pytest.raises(AssertionError) as failure:
        check("scaled_init", function)
    assert "[진단: scaled_init/ignores_argument]" in str(failure.value)
    assert "torch의 전역 난수 상태에서" not in str(failure.value) and "numpy" in str(failure.value)


def test_weights_drawn_from_the_notebooks_generator_are_named_by_that_global():
    function = _notebook_function("scaled_init", """
        import torch
        g = torch.Generator().manual_seed(0)  # the lecture's generator
        def scaled_init(d_in, d_out, generator=None):
            return torch.randn(d_in, d_out, generator=g) / d_in ** 0.5
        """)
    with pytest.raises(AssertionError) as failure:
        check("scaled_init", function)
    assert "[진단: scaled_init/uses_notebook_global]" in str(failure.value) and "변수 g" in str(failure.value)


def test_a_hard_coded_head_count_is_found_on_a_case_that_returns_when_the_failing_one_raises():
    function = _notebook_function("multi_head_attention", """
        import math
        def multi_head_attention(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
            heads = 2  # the lecture's head count
            def split(x):
                B, S, d = x.shape
                return x.view(B, S, heads, d // heads).transpose(1, 2)
            q, k, v = split(query @ W_q), split(key @ W_k), split(value @ W_v)
            scores = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))
            hidden = None if mask is None else ~mask.bool()
            scores = scores if hidden is None else scores.masked_fill(hidden, -1e9)
            p_attn = scores.softmax(dim=-1)
            out = (p_attn @ v).transpose(1, 2).flatten(2)
            return out @ W_o, p_attn
        """)
    assert _verdict("multi_head_attention", function) == "multi_head_attention/parameter_not_passed"


def test_an_optional_number_the_case_leaves_out_is_varied_from_its_default():
    function = _notebook_function("add_and_norm", """
        import torch
        def add_and_norm(x, sublayer_output, gamma, beta, eps=1e-5):
            h = x + sublayer_output
            mean, var = h.mean(-1, keepdim=True), h.var(-1, unbiased=False, keepdim=True)
            return gamma * (h - mean) / torch.sqrt(var + 1e-5) + beta  # eps written in, not the argument
        """)
    assert _verdict("add_and_norm", function) == "add_and_norm/parameter_not_passed"


def test_a_number_field_of_a_record_argument_that_never_reaches_the_result_is_named_with_its_field():
    function = _notebook_function("encoder_layer", """
        from helpers.reference import add_and_norm, feed_forward, layer_norm, multi_head_attention
        def encoder_layer(x, params, mask=None, norm_first=False):
            p = params
            def attend(h):
                return multi_head_attention(h, h, h, p.W_q, p.W_k, p.W_v, p.W_o, p.num_heads, mask)[0]
            def ffn(h):
                return feed_forward(h, p.W1, p.b1, p.W2, p.b2)
            if norm_first:
                h = x + attend(layer_norm(x, p.gamma1, p.beta1))  # eps not passed on: always 1e-5
                return h + ffn(layer_norm(h, p.gamma2, p.beta2))
            h = add_and_norm(x, attend(x), p.gamma1, p.beta1)
            return add_and_norm(h, ffn(h), p.gamma2, p.beta2)
        """)
    with pytest.raises(AssertionError) as failure:
        check("encoder_layer", function)
    assert "[진단: encoder_layer/parameter_not_passed]" in str(failure.value) and "params.eps" in str(failure.value)


def test_a_catalogued_mistake_made_under_one_value_of_a_switch_is_named_with_that_value():
    function = _notebook_function("encoder_layer", """
        from helpers.reference import add_and_norm, feed_forward, layer_norm, multi_head_attention
        def encoder_layer(x, params, mask=None, norm_first=False):
            p = params
            def attend(h):
                return multi_head_attention(h, h, h, p.W_q, p.W_k, p.W_v, p.W_o, p.num_heads, mask)[0]
            def ffn(h):
                return feed_forward(h, p.W1, p.b1, p.W2, p.b2)
            if norm_first:
                h = x + attend(layer_norm(x, p.gamma1, p.beta1, p.eps))
                return h + ffn(layer_norm(h, p.gamma2, p.beta2, p.eps))
            h = add_and_norm(x, attend(x), p.gamma1, p.beta1, p.eps)
            return add_and_norm(h, ffn(x), p.gamma2, p.beta2, p.eps)  # post-norm only: the FFN reads x
        """)
    with pytest.raises(AssertionError) as failure:
        check("encoder_layer", function)
    assert "[진단: encoder_layer/ffn_reads_layer_input]" in str(failure.value)
    assert "norm_first=False일 때만" in str(failure.value)


def test_a_switch_whose_default_is_changed_is_named_by_its_default_not_as_read_backwards():
    function = _notebook_function("encoder_layer", """
        from helpers.reference import add_and_norm, feed_forward, layer_norm, multi_head_attention
        def encoder_layer(x, params, mask=None, norm_first=True):  # pre-norm unless told otherwise
            p = params
            def attend(h):
                return multi_head_attention(h, h, h, p.W_q, p.W_k, p.W_v, p.W_o, p.num_heads, mask)[0]
            def ffn(h):
                return feed_forward(h, p.W1, p.b1, p.W2, p.b2)
            if norm_first:
                h = x + attend(layer_norm(x, p.gamma1, p.beta1, p.eps))
                return h + ffn(layer_norm(h, p.gamma2, p.beta2, p.eps))
            h = add_and_norm(x, attend(x), p.gamma1, p.beta1, p.eps)
            return add_and_norm(h, ffn(h), p.gamma2, p.beta2, p.eps)
        """)
    with pytest.raises(AssertionError) as failure:
        check("encoder_layer", function)
    assert "[진단: encoder_layer/default_fails]" in str(failure.value)
    assert "norm_first=False를 넘겨 부르면 맞으므로" in str(failure.value)


def test_a_formula_that_overflows_on_wide_inputs_the_hard_flag_missed_is_numerically_fragile():
    function = _notebook_function("softmax_1d", """
        import numpy as np
        def softmax_1d(x):
            e = np.exp(x - x.min())  # the smallest subtracted: exp of the range overflows
            return e / e.sum()
        """)
    assert _verdict("softmax_1d", function) == "softmax_1d/numerically_fragile"


def test_a_mask_built_from_ids_with_pad_and_real_tokens_read_the_other_way_is_named_mask_sense():
    function = _notebook_function("decoder_mask", """
        import torch
        def decoder_mask(x, pad_id=0):
            S = x.size(-1)
            shown = (x == pad_id).unsqueeze(1).unsqueeze(1)  # [PAD] shown, the real tokens hidden
            return shown & torch.ones(S, S, dtype=torch.bool).tril()
        """)
    assert _verdict("decoder_mask", function) == "decoder_mask/mask_sense"


def test_a_notebook_variable_that_fits_one_lecture_example_is_named_though_another_example_fails():
    function = _notebook_function("merge_heads", """
        from helpers.grading.ch05 import lecture_heads_output
        heads_out = lecture_heads_output()  # the lecture's cell: [4, 3, 4, 2]
        def merge_heads(x):
            B, h, S, d_k = heads_out.shape  # the notebook's sizes, not x's
            return x.transpose(1, 2).reshape(B, S, h * d_k)
        """)
    assert _verdict("merge_heads", function) == "merge_heads/uses_notebook_global"


def test_a_head_count_is_not_called_unused_on_a_case_where_every_head_gives_the_same_weights():
    # Averaging over the heads drops an axis; on a case with one real key every head gives [1, 0], so a varied
    # num_heads only reshapes the right answer's result and says nothing about whether this one reads it.
    function = _notebook_function("bert_head_weights", """
        import math
        import torch
        from helpers.given import split_heads
        def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
            Q = split_heads(hidden @ W_q.T + b_q, num_heads)
            K = split_heads(hidden @ W_k.T + b_k, num_heads)
            logits = Q @ K.transpose(-2, -1) / math.sqrt(Q.shape[-1])
            if attention_mask is not None:
                logits = logits.masked_fill(attention_mask[:, None, None, :] == 0, -1e9)
            return torch.softmax(logits, dim=-1).mean(dim=1)  # the heads averaged
        """)
    assert _verdict("bert_head_weights", function) != "bert_head_weights/parameter_not_passed"


def test_a_fragile_entropy_gets_the_advice_for_zero_weights_not_the_softmax_row_max():
    function = _notebook_function("row_entropy", """
        import torch
        def row_entropy(weights):
            return torch.nan_to_num(-(weights * torch.log(weights)).sum(dim=-1))  # NaN cleared after the sum
        """)
    with pytest.raises(AssertionError) as failure:
        check("row_entropy", function)
    message = str(failure.value)
    assert "[진단: row_entropy/numerically_fragile]" in message
    assert SUBTRACT_ROW_MAX not in message and "최댓값 빼기" not in message and ZERO_LOG_ZERO in message


def test_the_references_own_error_on_an_input_it_refuses_never_reaches_the_student():
    # Off by one in the length check: the probe that sets `pad` back to its default must not pass on the
    # reference's KeyError about a vocabulary without '[PAD]' as the student's error.
    function = _notebook_function("encode", """
        def encode(words, vocab, max_len, pad="[PAD]"):
            if len(words) >= max_len:
                raise ValueError(f"too long: {len(words)}")
            return [vocab[word] for word in words] + [vocab[pad]] * (max_len - len(words))
        """)
    with pytest.raises(AssertionError) as failure:
        check("encode", function)
    assert TAG_PATTERN.search(str(failure.value)) and "패딩 토큰" not in str(failure.value)


def test_an_error_raised_inside_a_course_function_says_which_call_and_arguments():
    function = _notebook_function("bert_head_weights", """
        import math
        import torch
        from helpers.given import split_heads
        def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
            Q = split_heads(hidden @ W_q.T + b_q, hidden.shape[-1] + 1)  # more heads than coordinates
            K = split_heads(hidden @ W_k.T + b_k, hidden.shape[-1] + 1)
            return torch.softmax(Q @ K.transpose(-2, -1) / math.sqrt(Q.shape[-1]), dim=-1)
        """)
    with pytest.raises(AssertionError) as failure:
        check("bert_head_weights", function)
    message = str(failure.value)
    assert "과정이 건넨 함수 `split_heads`" in message and "num_heads=" in message, message


def test_a_mask_applied_after_a_library_softmax_is_not_told_to_subtract_the_row_max():
    # torch.softmax already subtracts the row max: the hard case breaks this answer because a hidden key's large
    # score takes every weight before the mask removes it, which the row max cannot fix.
    function = _notebook_function("masked_attention", """
        import math
        import torch
        def masked_attention(Q, K, V, mask=None):
            logits = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
            weights = torch.softmax(logits, dim=-1)
            if mask is not None:
                weights = weights * mask
                weights = weights / weights.sum(dim=-1, keepdim=True)
            return weights @ V, weights
        """)
    with pytest.raises(AssertionError) as failure:
        check("masked_attention", function)
    assert "[진단: masked_attention/numerically_fragile]" in str(failure.value)
    assert SUBTRACT_ROW_MAX not in str(failure.value) and TRACE_THE_HARD_INPUT in str(failure.value)


def test_a_relu_written_with_pythons_max_is_told_it_asked_a_tensor_for_one_truth_value():
    relu_by_max = _notebook_function("feed_forward", """
        def feed_forward(x, W1, b1, W2, b2):
            return max(0, x @ W1 + b1) @ W2 + b2  # Python's max compares one value with one value
        """)
    with pytest.raises(AssertionError) as failure:
        check("feed_forward", relu_by_max)
    message = str(failure.value)
    assert TAG_PATTERN.search(message).group(1) == "feed_forward/scalar_function_on_tensor"
    assert "참/거짓 하나" in message and "torch.clamp" in message
    assert "torch.exp" not in message  # the advice for math.exp does not fit a comparison


def test_weights_of_different_widths_stacked_are_not_said_to_have_a_lecture_size_written_in():
    stacked = _notebook_function("project_qkv", """
        import torch
        def project_qkv(X, Wq, Wk, Wv):
            Q, K, V = (X.unsqueeze(-3) @ torch.stack([Wq, Wk, Wv])).unbind(-3)  # fails when Wv is wider
            return Q, K, V
        """)
    assert _verdict("project_qkv", stacked) != "project_qkv/ignores_argument"



def test_a_size_used_for_the_shape_only_is_named_as_a_parameter_not_passed():
    """d_model sets the columns while the exponent has the paper's 512: another d_model changes the shape as the
    reference's does, and not the values where the shapes overlap, which the reference's do change."""
    function = _notebook_function("positional_encoding", """
        import torch
        def positional_encoding(max_len, d_model):
            position = torch.arange(max_len).unsqueeze(1)
            rates = 10000 ** (torch.arange(0, d_model, 2) / 512)
            table = torch.empty(max_len, d_model)
            table[:, 0::2] = torch.sin(position / rates)
            table[:, 1::2] = torch.cos(position / rates)
            return table
        """)
    assert _verdict("positional_encoding", function) == "positional_encoding/parameter_not_passed"


def test_a_random_answer_is_not_said_to_mix_positions():
    """Dropout in training mode moves every value on every call: a changed position moving the others proves
    nothing, and the answer's second run on the unchanged input tells so."""
    function = _notebook_function("row_softmax", """
        import torch
        def row_softmax(scores):
            return torch.nn.functional.dropout(torch.softmax(scores, dim=-1), p=0.1, training=True)
        """)
    assert _verdict("row_softmax", function) != "row_softmax/mixes_positions"


def test_a_normalisation_over_the_last_two_axes_mixes_positions():
    function = _notebook_function("layer_norm", """
        import torch
        def layer_norm(x, gamma, beta, eps=1e-5):
            mean = x.mean(dim=(-2, -1), keepdim=True)  # over every position of the sentence, not each one's own
            var = ((x - mean) ** 2).mean(dim=(-2, -1), keepdim=True)
            return gamma * (x - mean) / torch.sqrt(var + eps) + beta
        """)
    assert _verdict("layer_norm", function) == "layer_norm/mixes_positions"


def test_the_asked_exception_raised_on_an_input_that_must_give_a_result_is_named_as_the_answers_own_check():
    """A length check with >= refuses a sentence of exactly max_len words: the ValueError it raises on the too long
    sentences, raised on a valid one."""
    function = _notebook_function("encode", """
        def encode(words, vocab, max_len, pad="[PAD]"):
            if len(words) >= max_len:
                raise ValueError(f"문장이 너무 깁니다: {len(words)} 개")
            return [vocab[word] for word in words] + [vocab[pad]] * (max_len - len(words))
        """)
    assert _verdict("encode", function) == "encode/wrong_exception"


def test_a_library_error_of_the_asked_class_is_not_taken_for_the_answers_own_check():
    """numpy's ValueError for shapes that do not broadcast is of the class softmax_1d asks for on a 2-D input, but
    no check of the answer raised it."""
    function = _notebook_function("compare_scaling", """
        import numpy as np
        def compare_scaling(q, keys):
            q, keys = np.asarray(q), np.asarray(keys)
            scores = keys @ q
            def softmax(x):
                shifted = np.exp(x - x.max())
                return shifted / shifted.sum()
            return scores, softmax(scores), softmax(scores / np.sqrt(keys.shape[:1] + q.shape))  # a [2] divisor
        """)
    assert _verdict("compare_scaling", function) != "compare_scaling/wrong_exception"


def test_a_tensor_given_to_math_sqrt_is_named_by_that_misuse_not_by_a_mean_without_keepdim():
    """Both fail on a tensor of many rows, with errors of two classes: the error that says which idiom was misused
    is the mistake."""
    function = _notebook_function("layer_norm", """
        import math
        def layer_norm(x, gamma, beta, eps=1e-5):
            mean = x.mean(-1, keepdim=True)
            var = ((x - mean) ** 2).mean(-1, keepdim=True)
            return gamma * (x - mean) / math.sqrt(var + eps) + beta
        """)
    assert _verdict("layer_norm", function) == "layer_norm/scalar_function_on_tensor"


def test_a_result_in_half_precision_is_named_wrong_dtype():
    function = _notebook_function("softmax_1d", """
        import numpy as np
        def softmax_1d(x):
            x = np.asarray(x, dtype=np.float16)
            exps = np.exp(x - x.max())
            return exps / exps.sum()
        """)
    assert _verdict("softmax_1d", function) in {"softmax_1d/wrong_dtype", "softmax_1d/dtype"}  # the core's own, too


def test_two_numbers_both_off_by_one_factor_are_a_constant_factor():
    function = _notebook_function("score_magnitude", """
        import math
        def score_magnitude(Q, K):
            scores = Q @ K.transpose(-2, -1)
            return scores.abs().sum().item(), (scores / math.sqrt(Q.shape[-1])).abs().sum().item()  # sum, not mean
        """)
    assert _verdict("score_magnitude", function) == "score_magnitude/constant_factor"


def test_an_argument_used_through_an_argmax_is_not_called_ignored():
    """Noise may leave every row's argmax where it was; the argument reversed along its last axis moves it."""
    function = _notebook_function("mix_values", """
        import torch
        def mix_values(weights, V):
            top = torch.zeros_like(weights).scatter_(-1, weights.argmax(dim=-1, keepdim=True), 1.0)
            return top @ V
        """)
    assert _verdict("mix_values", function) not in {"mix_values/ignores_argument", "mix_values/uses_notebook_global"}


def test_a_sorted_pair_sliced_like_a_tensor_is_named_as_the_pair_sort_returns():
    function = _notebook_function("row_softmax", """
        import torch
        def row_softmax(scores):
            biggest = scores.sort(dim=-1)[..., -1:]  # the (values, indices) pair sliced: TypeError on a tuple
            e = torch.exp(scores - biggest)
            return e / e.sum(dim=-1, keepdim=True)
        """)
    with pytest.raises(AssertionError) as failure:
        check("row_softmax", function)
    assert "[진단: row_softmax/values_indices_pair]" in str(failure.value) and "`sort(dim=…)`" in str(failure.value)


def test_a_token_argument_whose_id_never_reaches_the_result_is_varied_to_another_key_of_the_vocabulary():
    function = _notebook_function("encode", """
        def encode(words, vocab, max_len, pad="[PAD]"):
            if len(words) > max_len:
                raise ValueError("too long")
            return [vocab[word] for word in words] + [-1] * (max_len - len(words))  # -1, not vocab[pad]
        """)
    assert _verdict("encode", function) == "encode/ignores_argument"


def test_a_length_argument_that_never_reaches_a_list_of_ids_is_named_though_it_changes_only_the_length():
    function = _notebook_function("encode", """
        def encode(words, vocab, max_len, pad="[PAD]"):
            if len(words) > 4:  # the lecture's length written in
                raise ValueError("too long")
            return [vocab[word] for word in words] + [vocab[pad]] * (4 - len(words))
        """)
    assert _verdict("encode", function) == "encode/parameter_not_passed"


def test_a_list_of_ids_of_the_wrong_length_is_named_by_its_length():
    function = _notebook_function("encode", """
        def encode(words, vocab, max_len, pad="[PAD]"):
            if len(words) > max_len:
                raise ValueError("too long")
            return [vocab[word] for word in words] + [vocab[pad]] * max_len  # never cut back to max_len
        """)
    with pytest.raises(AssertionError) as failure:
        check("encode", function)
    assert "[진단: encode/wrong_shape]" in str(failure.value) and "리스트의 길이" in str(failure.value)


def test_a_table_without_one_of_its_columns_is_named_by_its_shape_and_the_column():
    function = _notebook_function("score_std_table", """
        import pandas as pd
        import numpy as np
        def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
            np.random.seed(seed)
            rows = []
            for d in dims:
                dots = (np.random.randn(n_pairs, d) * np.random.randn(n_pairs, d)).sum(axis=1)
                rows.append([d, np.sqrt(d), dots.std().round(2), (dots / np.sqrt(d)).std().round(2)])
            table = pd.DataFrame(rows, columns=["d_k", "√d_k", "점수 표준편차", "나눈 뒤 표준편차"])
            return table.set_index("d_k")  # d_k moved into the index
        """)
    with pytest.raises(AssertionError) as failure:
        check("score_std_table", function)
    assert "[진단: score_std_table/wrong_shape]" in str(failure.value) and "빠진 열 ['d_k']" in str(failure.value)


def test_a_default_in_the_head_other_than_the_exercises_is_named_with_the_default_to_write():
    function = _notebook_function("padding_mask", """
        def padding_mask(x, pad_id=1):  # the exercise's head says pad_id=0
            return (x != pad_id).unsqueeze(-2)
        """)
    with pytest.raises(AssertionError) as failure:
        check("padding_mask", function)
    assert "[진단: padding_mask/default_fails]" in str(failure.value) and "pad_id=0" in str(failure.value)


def test_a_factor_that_follows_a_samples_own_spread_is_not_called_a_formula_of_an_argument():
    """Draws divided by their sample standard deviation: off by a number that changes with d_in and d_out only
    because the sample does, as it changes with the generator's seed."""
    function = _notebook_function("scaled_init", """
        import math
        import torch
        def scaled_init(d_in, d_out, generator=None):
            W = torch.randn(d_in, d_out, generator=generator)
            return W / W.std() / math.sqrt(d_in)
        """)
    assert _verdict("scaled_init", function) != "scaled_init/argument_formula"


def test_a_bias_added_twice_is_named_by_the_bias_argument():
    function = _notebook_function("feed_forward", """
        import torch
        def feed_forward(x, W1, b1, W2, b2):
            return torch.relu(x @ W1 + b1) @ W2 + b2 + b2
        """)
    with pytest.raises(AssertionError) as failure:
        check("feed_forward", function)
    assert "[진단: feed_forward/offset]" in str(failure.value) and "b2를 두 번 더했습니다" in str(failure.value)
