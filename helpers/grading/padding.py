"""Padded sentence batches for the hidden cases of the mask chapters (ch03, ch05, ch06), drawn from the
generator the check passes in: how many real tokens each sentence holds, token ids padded after them, and the
masks that hide the padded keys. The chapters share them through this module, never through each other."""

from __future__ import annotations

import torch

from helpers.grading.draw import randint
from helpers.grading.spec import Check

# the checks of an exercise that takes pad_id: its padding compared with pad_id, not with 0
PAD_ID_CHECKS = (Check("pad_zero", "[PAD]의 번호가 0인 입력", 0.75, lambda case: case.kwargs.get("pad_id", 0) == 0),
                 Check("pad_other", "[PAD]의 번호가 0이 아닌 입력", 0.25))


def random_lengths(generator: torch.Generator, batch: int, seq: int) -> list[int]:
    """Real-token counts in [1, seq] with at least one padded row when seq > 1."""
    lengths = [randint(generator, 1, seq) for _ in range(batch)]
    if seq > 1 and min(lengths) == seq:
        lengths[randint(generator, 0, batch - 1)] = randint(generator, 1, seq - 1)
    return lengths


def random_token_ids(generator: torch.Generator, lengths: list[int], seq: int, pad_id: int,
                     dtype=torch.long) -> torch.Tensor:
    """[batch, seq] ids: row b holds lengths[b] real tokens (never pad_id), then pad_id."""
    ids = torch.randint(1, 30, (len(lengths), seq), generator=generator)
    ids[ids == pad_id] = pad_id + 30  # a real token never looks like padding
    for row, length in enumerate(lengths):
        ids[row, length:] = pad_id
    return ids.to(dtype)


def mask_of_form(form: str, lengths: torch.Tensor, S_q: int, S_k: int) -> torch.Tensor:
    """A mask that broadcasts to [B, h, S_q, S_k], True where a key may be attended."""
    keys = torch.arange(S_k) < lengths[:, None]  # [B, S_k]
    if form == "padding":
        return keys[:, None, None, :]  # [B, 1, 1, S_k]
    if form == "decoder":
        return keys[:, None, None, :] & torch.tril(torch.ones(S_q, S_k, dtype=torch.bool))  # [B, 1, S_q, S_k]
    if form == "causal":
        return torch.tril(torch.ones(S_q, S_k, dtype=torch.bool))  # [S_q, S_k]
    if form == "one_sentence":
        return keys[:1, None, None, :]  # [1, 1, 1, S_k]: the same keys for every sentence
    raise ValueError(form)
