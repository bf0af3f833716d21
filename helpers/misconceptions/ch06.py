"""Misconceptions of ch06: LayerNorm, the position-wise FFN, add & norm and the encoder layer.

Each variant is the reference with one thing done the way students most often get it wrong, written out
here (never calling helpers.reference; the multi-head attention is misconceptions.common's written-out one).
tests/chapters/test_ch06_encoder_block.py checks that every variant differs from the reference, and from every other
variant of its exercise, on the hidden cases.
"""

from __future__ import annotations

import torch

from helpers.chapters import CH06 as CHAPTER
from helpers.misconceptions.changes import argument_replaced, arguments_swapped
from helpers.misconceptions.common import mha
from helpers.misconceptions.entry import Misconception

_AXIS = CHAPTER.section("2. 어느 축으로 정규화할까", "배치 축이나 자리 축이 아니라 마지막 축")
_VARIANCE = CHAPTER.section("1. LayerNorm 손으로", "치우친 분산: d로 나눔, torch.var(unbiased=False)")
_EPS = CHAPTER.section("1. LayerNorm 손으로", "eps는 제곱근 안에: √(var + eps)")
_ANNOTATED = CHAPTER.section("3. Annotated Transformer의 LayerNorm과 다른 점")
_GAMMA_BETA = CHAPTER.section("1. LayerNorm 손으로", "γ·x̂ + β")
_NORMALISED = CHAPTER.section("1. LayerNorm 손으로", "x̂ = (x − 평균) / √(분산 + eps)")
_FFN = CHAPTER.section("4. 자리마다 같은 FFN", "relu(x @ W1 + b1) @ W2 + b2")
_ADD_NORM = CHAPTER.section("5. 더하고 정규화하기", "post-norm: layer_norm(x + sublayer(x))")
_ENCODER = CHAPTER.section("6. 인코더 층 하나", "어텐션 서브층 → FFN 서브층, 마스크는 어텐션에")
_NORM_ORDER = CHAPTER.section("5. 더하고 정규화하기", "post-norm과 pre-norm을 나란히")


# ---------------------------------------------------------------- layer_norm
def _ln(x, gamma, beta, eps=1e-5, *, dim=-1, correction=0, eps_inside=True, use_eps=True, swap=False, affine=True):
    """LayerNorm written out, with one step changeable."""
    mean = x.mean(dim=dim, keepdim=True)
    count = x.shape[dim]
    variance = ((x - mean) ** 2).sum(dim=dim, keepdim=True) / (count - correction)
    if not use_eps:
        normalised = (x - mean) / torch.sqrt(variance)
    elif eps_inside:
        normalised = (x - mean) / torch.sqrt(variance + eps)
    else:
        normalised = (x - mean) / (torch.sqrt(variance) + eps)
    if not affine:
        return normalised
    return beta * normalised + gamma if swap else gamma * normalised + beta


def _ln_over_batch(x, gamma, beta, eps=1e-5):
    return _ln(x, gamma, beta, eps, dim=0)


def _ln_over_sequence(x, gamma, beta, eps=1e-5):
    return _ln(x, gamma, beta, eps, dim=-2)


def _ln_unbiased(x, gamma, beta, eps=1e-5):
    return _ln(x, gamma, beta, eps, correction=1)


def _ln_eps_outside(x, gamma, beta, eps=1e-5):
    return _ln(x, gamma, beta, eps, eps_inside=False)


def _ln_annotated(x, gamma, beta, eps=1e-5):
    return _ln(x, gamma, beta, eps, correction=1, eps_inside=False)


def _ln_no_eps(x, gamma, beta, eps=1e-5):
    return _ln(x, gamma, beta, eps, use_eps=False)


def _ln_swapped(x, gamma, beta, eps=1e-5):
    return _ln(x, gamma, beta, eps, swap=True)


def _ln_no_affine(x, gamma, beta, eps=1e-5):
    return _ln(x, gamma, beta, eps, affine=False)


def _ln_no_beta(x, gamma, beta, eps=1e-5):
    return _ln(x, gamma, torch.zeros_like(beta), eps)


def _ln_no_gamma(x, gamma, beta, eps=1e-5):
    return _ln(x, torch.ones_like(gamma), beta, eps)


def _ln_whole_tensor(x, gamma, beta, eps=1e-5):
    mean = x.mean()
    variance = ((x - mean) ** 2).mean()
    return gamma * (x - mean) / torch.sqrt(variance + eps) + beta


def _ln_variance_whole_tensor(x, gamma, beta, eps=1e-5):
    mean = x.mean(dim=-1, keepdim=True)
    variance = ((x - x.mean()) ** 2).mean()  # x.var(unbiased=False): no dim, the whole tensor's
    return gamma * (x - mean) / torch.sqrt(variance + eps) + beta


def _ln_no_sqrt(x, gamma, beta, eps=1e-5):
    mean = x.mean(dim=-1, keepdim=True)
    variance = ((x - mean) ** 2).mean(dim=-1, keepdim=True)
    return gamma * (x - mean) / (variance + eps) + beta


def _ln_not_centred(x, gamma, beta, eps=1e-5):
    variance = x.var(dim=-1, unbiased=False, keepdim=True)
    return gamma * x / torch.sqrt(variance + eps) + beta


def _ln_mean_absolute_deviation(x, gamma, beta, eps=1e-5):
    centred = x - x.mean(dim=-1, keepdim=True)
    return gamma * centred / (centred.abs().mean(dim=-1, keepdim=True) + eps) + beta


def _ln_no_keepdim(x, gamma, beta, eps=1e-5):
    mean = x.mean(dim=-1)  # [...]: lines up with the wrong axis of x [..., d], or cannot
    variance = ((x - mean) ** 2).mean(dim=-1)
    return gamma * (x - mean) / torch.sqrt(variance + eps) + beta


def _ln_beta_before_gamma(x, gamma, beta, eps=1e-5):
    return (_ln(x, gamma, beta, eps, affine=False) + beta) * gamma


# ---------------------------------------------------------------- feed_forward
def _ffn_relu_after_second(x, W1, b1, W2, b2):
    return torch.relu((x @ W1 + b1) @ W2 + b2)


def _ffn_relu_twice(x, W1, b1, W2, b2):
    return torch.relu(torch.relu(x @ W1 + b1) @ W2 + b2)


def _ffn_no_relu(x, W1, b1, W2, b2):
    return (x @ W1 + b1) @ W2 + b2


def _ffn_gelu(x, W1, b1, W2, b2):
    return torch.nn.functional.gelu(x @ W1 + b1) @ W2 + b2


def _ffn_across_positions(x, W1, b1, W2, b2):
    pooled = x.mean(dim=-2, keepdim=True)  # every position of a sentence together
    return (torch.relu(pooled @ W1 + b1) @ W2 + b2).expand_as(x).clone()


def _ffn_b1_after_relu(x, W1, b1, W2, b2):
    return (torch.relu(x @ W1) + b1) @ W2 + b2


def _ffn_no_b1(x, W1, b1, W2, b2):
    return torch.relu(x @ W1) @ W2 + b2


def _ffn_no_b2(x, W1, b1, W2, b2):
    return torch.relu(x @ W1 + b1) @ W2


def _ffn_no_biases(x, W1, b1, W2, b2):
    return torch.relu(x @ W1) @ W2


def _ffn_residual_inside(x, W1, b1, W2, b2):
    return x + torch.relu(x @ W1 + b1) @ W2 + b2


def _ffn_relu_on_input(x, W1, b1, W2, b2):
    return (torch.relu(x) @ W1 + b1) @ W2 + b2


# ---------------------------------------------------------------- add_and_norm
def _add_residual_after_norm(x, sublayer_output, gamma, beta, eps=1e-5):
    return x + _ln(sublayer_output, gamma, beta, eps)


def _add_norm_before_add(x, sublayer_output, gamma, beta, eps=1e-5):
    return _ln(x, gamma, beta, eps) + sublayer_output


def _add_no_residual(x, sublayer_output, gamma, beta, eps=1e-5):
    return _ln(sublayer_output, gamma, beta, eps)


def _add_unbiased(x, sublayer_output, gamma, beta, eps=1e-5):
    return _ln(x + sublayer_output, gamma, beta, eps, correction=1)


def _add_residual_twice(x, sublayer_output, gamma, beta, eps=1e-5):
    return _ln(x + sublayer_output, gamma, beta, eps) + x


def _add_no_norm(x, sublayer_output, gamma, beta, eps=1e-5):
    return x + sublayer_output


def _add_gamma_beta_swapped(x, sublayer_output, gamma, beta, eps=1e-5):
    return _ln(x + sublayer_output, beta, gamma, eps)


# ---------------------------------------------------------------- encoder_layer
def _encoder(x, p, mask, norm_first, *, pass_mask=True, shared_norm=False, final_norm=False, ffn_first=False,
             swapped_norms=False, residual_from_normed=False, norm_after_too=False):
    """The reference encoder layer written out, with one step changeable (the course's parts inside)."""
    def attend(h):
        return mha(h, h, h, p.W_q, p.W_k, p.W_v, p.W_o, p.num_heads, mask if pass_mask else None)[0]

    def ffn(h):
        return torch.relu(h @ p.W1 + p.b1) @ p.W2 + p.b2

    norms = [(p.gamma1, p.beta1), (p.gamma1, p.beta1) if shared_norm else (p.gamma2, p.beta2)]
    norms = norms[::-1] if swapped_norms else norms
    sublayers = [ffn, attend] if ffn_first else [attend, ffn]
    for sublayer, (gamma, beta) in zip(sublayers, norms):
        if norm_first and norm_after_too:  # pre-norm written with add_and_norm: normalised before and after
            x = _ln(x + sublayer(_ln(x, gamma, beta, p.eps)), gamma, beta, p.eps)
        elif norm_first and residual_from_normed:
            normed = _ln(x, gamma, beta, p.eps)
            x = normed + sublayer(normed)
        elif norm_first:
            x = x + sublayer(_ln(x, gamma, beta, p.eps))
        else:
            x = _ln(x + sublayer(x), gamma, beta, p.eps)
    return _ln(x, p.gamma2, p.beta2, p.eps) if norm_first and final_norm else x


def _encoder_ffn_reads_layer_input(x, params, mask=None, norm_first=False):
    p = params

    def attend(h):
        return mha(h, h, h, p.W_q, p.W_k, p.W_v, p.W_o, p.num_heads, mask)[0]

    def ffn(h):
        return torch.relu(h @ p.W1 + p.b1) @ p.W2 + p.b2

    if norm_first:
        after_attention = x + attend(_ln(x, p.gamma1, p.beta1, p.eps))
        return after_attention + ffn(_ln(x, p.gamma2, p.beta2, p.eps))  # the FFN reads the layer's input x
    after_attention = _ln(x + attend(x), p.gamma1, p.beta1, p.eps)
    return _ln(after_attention + ffn(x), p.gamma2, p.beta2, p.eps)


def _encoder_mask_not_passed(x, params, mask=None, norm_first=False):
    return _encoder(x, params, mask, norm_first, pass_mask=False)


def _encoder_norm_first_ignored(x, params, mask=None, norm_first=False):
    return _encoder(x, params, mask, False)


def _encoder_norm_first_inverted(x, params, mask=None, norm_first=False):
    return _encoder(x, params, mask, not norm_first)


def _encoder_shared_norm(x, params, mask=None, norm_first=False):
    return _encoder(x, params, mask, norm_first, shared_norm=True)


def _encoder_final_norm(x, params, mask=None, norm_first=False):
    return _encoder(x, params, mask, norm_first, final_norm=True)


def _encoder_ffn_first(x, params, mask=None, norm_first=False):
    return _encoder(x, params, mask, norm_first, ffn_first=True)


def _encoder_norms_swapped(x, params, mask=None, norm_first=False):
    return _encoder(x, params, mask, norm_first, swapped_norms=True)


def _encoder_residual_from_normed(x, params, mask=None, norm_first=False):
    return _encoder(x, params, mask, norm_first, residual_from_normed=True)


def _encoder_pre_norm_with_add_and_norm(x, params, mask=None, norm_first=False):
    return _encoder(x, params, mask, norm_first, norm_after_too=True)



def _ffn_leaky_relu(x, W1, b1, W2, b2):
    return torch.nn.functional.leaky_relu(x @ W1 + b1, 0.01) @ W2 + b2


def _ffn_negative_part(x, W1, b1, W2, b2):
    return (x @ W1 + b1).clamp(max=0) @ W2 + b2


def _ffn_relu_squared(x, W1, b1, W2, b2):
    return torch.relu(x @ W1 + b1) ** 2 @ W2 + b2


def _add_averaged(x, sublayer_output, gamma, beta, eps=1e-5):
    return _ln((x + sublayer_output) / 2, gamma, beta, eps)


def _ln_centred_only(x, gamma, beta, eps=1e-5):
    return gamma * (x - x.mean(dim=-1, keepdim=True)) + beta


def _add_each_normalised(x, sublayer_output, gamma, beta, eps=1e-5):
    return _ln(x, gamma, beta, eps) + _ln(sublayer_output, gamma, beta, eps)


def _ln_root_mean_square(x, gamma, beta, eps=1e-5):
    return gamma * x / torch.sqrt((x ** 2).mean(dim=-1, keepdim=True) + eps) + beta


MISCONCEPTIONS = [
    # layer_norm
    Misconception("layer_norm", "over_batch", _ln_over_batch,
                  "평균과 분산을 첫 축(문장 배치, 배치 축)으로 구했습니다. "
                  "그러면 한 낱말의 결과가 같은 묶음의 다른 문장에 "
                  "따라 달라집니다 (BatchNorm의 축). LayerNorm은 자리마다 그 자리의 좌표 d 개로, 곧 마지막 축"
                  "(dim=-1)으로 평균과 분산을 구합니다.",
                  _AXIS),
    Misconception("layer_norm", "over_sequence", _ln_over_sequence,
                  "평균과 분산을 자리 축(dim=-2)으로, 곧 한 문장의 여러 자리에 걸쳐 구했습니다. LayerNorm은 자리마다 "
                  "따로, 그 자리의 좌표 d 개(마지막 축, dim=-1)로 정규화합니다.",
                  _AXIS),
    Misconception("layer_norm", "unbiased_variance", _ln_unbiased,
                  "분산을 d − 1로 나눴습니다 (torch.var나 torch.std의 기본값, unbiased=True). LayerNorm은 치우친 "
                  "분산, 곧 d로 나눈 평균 제곱 편차를 씁니다: ((x − mean)²).mean(-1)이나 "
                  "x.var(-1, unbiased=False).",
                  _VARIANCE),
    Misconception("layer_norm", "eps_outside_sqrt", _ln_eps_outside,
                  "eps를 제곱근 밖에서 더했습니다: (x − mean) / (√var + eps). 논문과 nn.LayerNorm은 제곱근 안에서 "
                  "더합니다: (x − mean) / √(var + eps). 분산이 작은 줄에서 차이가 커집니다.",
                  _EPS),
    Misconception("layer_norm", "annotated_transformer", _ln_annotated,
                  "Annotated Transformer의 LayerNorm처럼 d − 1로 나눈 표준편차(x.std(-1))에 eps를 제곱근 밖에서 "
                  "더했습니다. 이 과정에서는 두 가지 실수입니다: 분산은 d로 나누고 (unbiased=False), eps는 제곱근 "
                  "안에 둡니다 (√(var + eps)).",
                  _ANNOTATED),
    Misconception("layer_norm", "no_eps", _ln_no_eps,
                  "eps를 더하지 않고 √var로 나눴습니다. 모든 값이 같은 줄은 분산이 0이라 0/0 = NaN이 됩니다. "
                  "√(var + eps)로 나누세요.",
                  _EPS,
                  changes_arguments=argument_replaced('eps', lambda named: 0.0)),
    Misconception("layer_norm", "gamma_beta_swapped", _ln_swapped,
                  "γ와 β가 바뀌었습니다: β·x̂ + γ를 계산했습니다. 정규화한 "
                  "x̂에 곱하는 것이 gamma, 더하는 것이 beta입니다: "
                  "gamma * x̂ + beta.",
                  _GAMMA_BETA,
                  changes_arguments=arguments_swapped('gamma', 'beta')),
    Misconception("layer_norm", "no_gamma_beta", _ln_no_affine,
                  "정규화한 x̂만 돌려주고 γ와 β를 쓰지 않았습니다. 마지막에 gamma * x̂ + beta를 해야 합니다 (층이 "
                  "배우는 크기와 위치입니다).",
                  _GAMMA_BETA),
    Misconception("layer_norm", "no_beta", _ln_no_beta,
                  "γ는 곱했지만 β를 더하지 않았습니다: gamma * x̂에서 멈췄습니다. 마지막에 + beta까지 해야 합니다: "
                  "gamma * x̂ + beta.",
                  _GAMMA_BETA),
    Misconception("layer_norm", "no_gamma", _ln_no_gamma,
                  "β는 더했지만 γ를 곱하지 않았습니다: x̂ + beta를 돌려줍니다. 정규화한 x̂에 gamma를 곱한 뒤 "
                  "beta를 "
                  "더하세요: gamma * x̂ + beta.",
                  _GAMMA_BETA),
    Misconception("layer_norm", "over_whole_tensor", _ln_whole_tensor,
                  "텐서 전체의 평균과 분산 하나로 정규화했습니다 (x.mean(), 축을 주지 않음). 그러면 한 자리의 결과가 "
                  "같은 묶음의 다른 자리와 다른 문장에 따라 달라집니다. LayerNorm은 자리마다 따로, 그 자리의 좌표 d "
                  "개로 "
                  "평균과 분산을 구합니다: mean(dim=-1, keepdim=True).",
                  _AXIS),
    Misconception("layer_norm", "variance_over_whole_tensor", _ln_variance_whole_tensor,
                  "평균은 자리마다 마지막 축으로 구했지만, 분산은 축을 주지 않아 텐서 전체에서 하나로 구했습니다 "
                  "(x.var(unbiased=False)). 그러면 한 자리를 나누는 크기가 다른 자리와 다른 문장의 값에 따라 "
                  "달라집니다. 분산도 자리마다 그 자리의 좌표 d 개로 구합니다: var(dim=-1, keepdim=True, "
                  "unbiased=False).",
                  _AXIS),
    Misconception("layer_norm", "no_sqrt", _ln_no_sqrt,
                  "분산(var + eps)으로 나눴습니다. 제곱근을 씌운 표준편차 √(var + eps)로 나눠야 줄마다 분산이 1이 "
                  "됩니다.",
                  _EPS),
    Misconception("layer_norm", "not_centred", _ln_not_centred,
                  "평균을 빼지 않고 x / √(var + eps)를 계산했습니다. 분산은 맞게 구했지만 정규화는 (x − mean)에 "
                  "합니다: "
                  "(x − mean) / √(var + eps). 그래야 줄마다 평균이 0이 됩니다.",
                  _NORMALISED),
    Misconception("layer_norm", "mean_absolute_deviation", _ln_mean_absolute_deviation,
                  "평균 절대 편차 (|x − 평균|의 평균)로 나눴습니다. LayerNorm이 나누는 것은 표준편차, 곧 제곱한 편차의 "
                  "평균(분산)에 eps를 더한 값의 제곱근 √(var + eps)입니다: 그래야 줄마다 분산이 1이 됩니다.",
                  _NORMALISED),
    Misconception("layer_norm", "no_keepdim", _ln_no_keepdim,
                  "평균과 분산을 keepdim 없이 구했습니다. 그러면 mean의 모양이 [...]라서 x [..., d]에서 빼면 오른쪽 "
                  "축끼리 맞춰져 오류가 나거나, 한 줄의 평균이 다른 줄에서 빠집니다. mean(dim=-1, keepdim=True)로 "
                  "[..., 1]을 만들어 빼세요.",
                  CHAPTER.section("1. LayerNorm 손으로", "keepdim=True로 [..., 1]")),
    Misconception("layer_norm", "beta_before_gamma", _ln_beta_before_gamma,
                  "β를 먼저 더하고 γ를 곱했습니다: (x̂ + beta) * gamma. 그러면 β도 γ 배가 됩니다. 정규화한 x̂에 "
                  "gamma를 곱한 뒤 beta를 더합니다: gamma * x̂ + beta.",
                  _GAMMA_BETA),
    # feed_forward
    Misconception("feed_forward", "relu_after_second", _ffn_relu_after_second,
                  "ReLU를 두 번째 선형 변환 뒤에 두었습니다: relu((x @ W1 "
                  "+ b1) @ W2 + b2). ReLU는 두 선형 변환 사이, "
                  "d_ff 개의 좌표에 씁니다: relu(x @ W1 + b1) @ W2 + b2. 그래야 출력이 음수도 될 수 있습니다.",
                  _FFN),
    Misconception("feed_forward", "relu_twice", _ffn_relu_twice,
                  "ReLU를 두 번, 두 선형 변환 뒤마다 썼습니다. FFN의 ReLU는 사이에 한 번뿐입니다: "
                  "relu(x @ W1 + b1) @ W2 + b2. 출력에 ReLU를 쓰면 음수 좌표가 모두 0이 됩니다.",
                  _FFN),
    Misconception("feed_forward", "no_relu", _ffn_no_relu,
                  "ReLU가 빠졌습니다. 그러면 두 선형 변환이 선형 변환 하나 "
                  "(x @ (W1 @ W2) + …)와 같아져 FFN이 하는 일이 "
                  "없어집니다. relu(x @ W1 + b1) @ W2 + b2로 쓰세요.",
                  _FFN),
    Misconception("feed_forward", "gelu", _ffn_gelu,
                  "ReLU 대신 GELU를 썼습니다. BERT는 GELU를 쓰지만, 이 과정의 FFN은 논문과 "
                  "nn.TransformerEncoderLayer의 기본값대로 ReLU (torch.relu)입니다.",
                  _FFN),
    Misconception("feed_forward", "across_positions", _ffn_across_positions,
                  "자리들을 한데 모아(평균해) FFN에 넣었습니다. FFN은 "
                  "자리마다 따로, 모든 자리에 같은 가중치로 씁니다 "
                  "(position-wise): 자리 축은 건드리지 않고 마지막 축에만 x @ W1을 곱하면 됩니다.",
                  _FFN),
    Misconception("feed_forward", "b1_after_relu", _ffn_b1_after_relu,
                  "b1을 ReLU 뒤에 더했습니다: relu(x @ W1) + b1. 편향은 첫 선형 변환의 일부라 ReLU 앞에 더합니다: "
                  "relu(x @ W1 + b1). 순서가 바뀌면 음수가 잘리는 자리가 달라집니다.",
                  _FFN),
    Misconception("feed_forward", "no_b1", _ffn_no_b1,
                  "첫 선형 변환의 편향 b1을 더하지 않았습니다: relu(x @ W1) @ W2 + b2. "
                  "relu(x @ W1 + b1) @ W2 + b2로 쓰세요.",
                  _FFN),
    Misconception("feed_forward", "no_b2", _ffn_no_b2,
                  "두 번째 선형 변환의 편향 b2를 더하지 않았습니다: relu(x @ W1 + b1) @ W2. 끝에 + b2까지 해야 "
                  "합니다.",
                  _FFN),
    Misconception("feed_forward", "no_biases", _ffn_no_biases,
                  "편향 b1, b2를 둘 다 더하지 않았습니다: relu(x @ W1) @ W2. 선형 변환마다 편향이 있습니다: "
                  "relu(x @ W1 + b1) @ W2 + b2.",
                  _FFN),
    Misconception("feed_forward", "residual_inside", _ffn_residual_inside,
                  "FFN 안에서 입력 x를 한 번 더 더해 x + FFN(x)를 돌려주었습니다. 잔차 연결(x를 더하기)은 FFN 밖, "
                  "add_and_norm이 하는 일입니다: feed_forward는 relu(x @ W1 + b1) @ W2 + b2만 돌려줍니다.",
                  _FFN),
    Misconception("feed_forward", "relu_on_input", _ffn_relu_on_input,
                  "ReLU를 두 선형 변환 사이가 아니라 입력 x에 먼저 씌웠습니다: (relu(x) @ W1 + b1) @ W2 + b2. ReLU는 "
                  "첫 선형 변환의 결과 (넓힌 은닉층)에 씌웁니다.",
                  _FFN),
    # add_and_norm
    Misconception("add_and_norm", "residual_after_norm", _add_residual_after_norm,
                  "서브층의 출력만 정규화한 뒤 x를 더했습니다: x + layer_norm(sublayer_output). pre-norm과 post-norm을 "
                  "섞은 꼴입니다. add_and_norm은 먼저 더하고 그다음 정규화합니다: layer_norm(x + sublayer_output).",
                  _NORM_ORDER),
    Misconception("add_and_norm", "norm_before_add", _add_norm_before_add,
                  "x를 정규화한 뒤 서브층의 출력을 더했습니다: layer_norm(x) + sublayer_output. 정규화는 더한 "
                  "합에 합니다: layer_norm(x + sublayer_output).",
                  _NORM_ORDER),
    Misconception("add_and_norm", "no_residual", _add_no_residual,
                  "잔차(x)를 더하지 않고 서브층의 출력만 정규화했습니다. 잔차가 없으면 층을 쌓을수록 처음 층까지 오는 "
                  "기울기가 줄어듭니다. layer_norm(x + sublayer_output)을 돌려주세요.",
                  _ADD_NORM),
    Misconception("add_and_norm", "unbiased_variance", _add_unbiased,
                  "더하고 정규화하는 순서는 맞지만 정규화의 분산을 d − 1로 "
                  "나눴습니다 (torch.var의 기본값). 문제 1의 "
                  "layer_norm처럼 d로 나눈 치우친 분산을 쓰세요. layer_norm을 불러 쓰면 한 곳만 고치면 됩니다.",
                  _VARIANCE),
    Misconception("add_and_norm", "residual_twice", _add_residual_twice,
                  "잔차를 두 번 더했습니다: layer_norm(x + sublayer_output) + x. 더하고 정규화하면 끝입니다: "
                  "layer_norm(x + sublayer_output). 정규화 뒤에 x를 또 더하면 결과가 정규화되지 않은 값이 됩니다.",
                  _ADD_NORM),
    Misconception("add_and_norm", "no_norm", _add_no_norm,
                  "더하기만 하고 정규화를 빠뜨렸습니다: x + sublayer_output. post-norm은 그 합을 LayerNorm으로 "
                  "정규화합니다: layer_norm(x + sublayer_output, gamma, beta, eps).",
                  _ADD_NORM),
    Misconception("add_and_norm", "gamma_beta_swapped", _add_gamma_beta_swapped,
                  "layer_norm에 gamma와 beta를 바꿔 넘겼습니다: layer_norm(x + sublayer_output, beta, gamma, eps). "
                  "인자 순서는 layer_norm(x, gamma, beta, eps)입니다.",
                  _ADD_NORM,
                  changes_arguments=arguments_swapped('gamma', 'beta')),
    # encoder_layer
    Misconception("encoder_layer", "mask_not_passed", _encoder_mask_not_passed,
                  "마스크를 어텐션 서브층에 넘기지 않았습니다. 그러면 실제 낱말이 [PAD] 자리도 참고합니다. "
                  "multi_head_attention(h, h, h, …, params.num_heads, mask)처럼 받은 mask를 그대로 넘기세요.",
                  _ENCODER,
                  changes_arguments=argument_replaced('mask', lambda named: None)),
    Misconception("encoder_layer", "norm_first_ignored", _encoder_norm_first_ignored,
                  "norm_first=True일 때도 post-norm으로 계산했습니다. norm_first=True이면 pre-norm입니다: "
                  "x = x + sublayer(layer_norm(x))를 서브층마다 하고, 끝에 정규화를 하지 않습니다.",
                  _NORM_ORDER),
    Misconception("encoder_layer", "norm_first_inverted", _encoder_norm_first_inverted,
                  "norm_first의 뜻이 반대입니다. norm_first=False (기본값, 논문)가 post-norm "
                  "layer_norm(x + sublayer(x)), norm_first=True가 pre-norm x + sublayer(layer_norm(x))입니다.",
                  _NORM_ORDER),
    Misconception("encoder_layer", "shared_norm", _encoder_shared_norm,
                  "두 서브층에 같은 LayerNorm (gamma1, beta1)을 썼습니다. 어텐션 서브층은 gamma1, beta1, FFN 서브층은 "
                  "gamma2, beta2를 씁니다.",
                  _ENCODER),
    Misconception("encoder_layer", "final_norm", _encoder_final_norm,
                  "pre-norm 층의 끝에 LayerNorm을 한 번 더 했습니다. nn.TransformerEncoderLayer(norm_first=True)는 "
                  "x + ffn(layer_norm(x))로 끝납니다 (마지막 정규화는 층이 아니라 nn.TransformerEncoder의 norm 인자가 "
                  "합니다).",
                  _NORM_ORDER),
    Misconception("encoder_layer", "ffn_first", _encoder_ffn_first,
                  "FFN 서브층을 어텐션 서브층보다 먼저 했습니다. 인코더 "
                  "층은 먼저 어텐션으로 낱말들을 섞고, 그다음 자리마다 "
                  "FFN을 씁니다.",
                  _ENCODER),
    Misconception("encoder_layer", "ffn_reads_layer_input", _encoder_ffn_reads_layer_input,
                  "FFN 서브층에 어텐션 서브층의 결과가 아니라 층의 처음 입력 x를 넣었습니다. 두 서브층은 차례로 "
                  "이어집니다: 어텐션 서브층의 결과 h가 FFN 서브층의 입력이자 잔차입니다 (post-norm이면 "
                  "add_and_norm(h, feed_forward(h, …), …), pre-norm이면 h + feed_forward(layer_norm(h, …), …)).",
                  _ENCODER),
    Misconception("encoder_layer", "norms_swapped", _encoder_norms_swapped,
                  "두 LayerNorm의 매개변수가 뒤바뀌었습니다: 어텐션 서브층에 gamma2, beta2를, FFN 서브층에 gamma1, "
                  "beta1을 썼습니다. 어텐션 서브층이 gamma1, beta1, FFN 서브층이 gamma2, beta2입니다.",
                  _ENCODER),
    Misconception("encoder_layer", "residual_from_normed", _encoder_residual_from_normed,
                  "pre-norm에서 잔차로 정규화한 값을 더했습니다: n = layer_norm(x), x = n + sublayer(n). 잔차는 "
                  "정규화하기 전의 x입니다: x = x + sublayer(layer_norm(x)). 그래야 x가 정규화를 거치지 않고 다음 "
                  "층으로 곧게 이어집니다.",
                  _NORM_ORDER),
    Misconception("encoder_layer", "pre_norm_with_add_and_norm", _encoder_pre_norm_with_add_and_norm,
                  "pre-norm에서도 add_and_norm을 써서, 서브층 앞에서 정규화한 뒤 더한 합을 또 정규화했습니다: "
                  "add_and_norm(x, sublayer(layer_norm(x)), …). pre-norm은 정규화를 서브층 앞에서 한 번만 합니다: "
                  "x = x + sublayer(layer_norm(x, …)).",
                  _NORM_ORDER),
    Misconception("feed_forward", "leaky_relu", _ffn_leaky_relu,
                  "ReLU 대신 LeakyReLU (음수 쪽 기울기 0.01)를 썼습니다. 이 과정의 FFN은 논문과 "
                  "nn.TransformerEncoderLayer의 기본값처럼 음수를 0으로 만드는 ReLU입니다.",
                  _FFN),
    Misconception("feed_forward", "negative_part", _ffn_negative_part,
                  "ReLU를 clamp(max=0)으로 써서 양수를 0으로 만들고 음수만 남겼습니다. ReLU는 음수를 0으로 만드는 "
                  "clamp(min=0) (= torch.relu)입니다.",
                  _FFN),
    Misconception("feed_forward", "relu_squared", _ffn_relu_squared,
                  "ReLU의 결과를 제곱했습니다. FFN은 relu(x @ W1 + b1)를 그대로 W2에 곱합니다.",
                  _FFN),
    Misconception("add_and_norm", "averaged", _add_averaged,
                  "x와 서브층의 출력을 더하지 않고 평균 ((x + sublayer_output) / 2)을 낸 뒤 정규화했습니다. "
                  "LayerNorm이 크기를 거의 지우지만 eps 때문에 값이 달라집니다. post-norm은 합 그대로를 정규화합니다: "
                  "layer_norm(x + sublayer_output).",
                  _ADD_NORM),
    Misconception("layer_norm", "root_mean_square", _ln_root_mean_square,
                  "평균을 빼지 않고 제곱 평균의 제곱근 (RMS, √(mean(x²) + eps))으로만 나눴습니다 (RMSNorm). "
                  "LayerNorm은 평균을 빼고 (x − mean) 분산의 제곱근 √(var + eps)로 나눕니다.",
                  _GAMMA_BETA),
    Misconception("layer_norm", "centred_only", _ln_centred_only,
                  "평균만 빼고 √(var + eps)로 나누지 않았습니다: gamma · (x − mean) + beta. 그러면 줄마다 평균은 0이 "
                  "되지만 퍼진 정도는 입력 그대로입니다. LayerNorm은 평균을 뺀 뒤 표준편차 √(var + eps)로 나눕니다.",
                  _NORMALISED),
    Misconception("add_and_norm", "each_normalised", _add_each_normalised,
                  "x와 서브층의 출력을 따로 정규화한 뒤 더했습니다: layer_norm(x) + layer_norm(sublayer_output). "
                  "post-norm은 먼저 더하고 그 합을 한 번 정규화합니다: layer_norm(x + sublayer_output).",
                  _ADD_NORM),
]
