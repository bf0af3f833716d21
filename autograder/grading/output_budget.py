"""A notebook's outputs bounded in bytes as the grading worker receives them, whatever the student prints.

nbclient stores every output message the kernel sends, and nbgrader's LimitOutput, which runs after the
notebook has run, counts lines only: 100 MB printed without a newline would be held and stored whole. The
kernel's own cap (:mod:`autograder.sandbox.output`) is under the student's control. :class:`BoundedOutput`
decides each message as it arrives, by the bytes it would take in the notebook nbformat writes:

- a stream is stored up to the budget, cut on a character boundary; the cell's later streams are dropped;
- a rich output (``display_data``, ``execute_result``, an ``update_display_data``) is stored only whole;
- an error is first cut to ``error_bytes`` (its name, the head of its message, its first traceback entries and
  the head of its last, which names the error), and the cell keeps that much room for it.

The budget is per cell and per notebook; once the notebook's is spent, later cells keep only the notice, one
stdout line per cell that says in Korean how many bytes of what were not stored. Comm (widget) messages are
ignored: the course has no widgets, and nbclient would store their state in the notebook's metadata.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from itertools import islice

from jupyter_core.utils import run_sync
from nbclient import NotebookClient
from nbformat import NotebookNode
from nbformat.v4 import new_output, output_from_msg
from traitlets import Integer

from helpers.korean import Particle, attach

KIB, MIB = 1 << 10, 1 << 20
OUTPUT_INDENT = 4  # an output is an item this deep in nbformat's JSON (notebook, cells, cell, outputs)
LINE_BREAKS = ("\n", "\r", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029")  # str.splitlines'
RICH = ("display_data", "execute_result")
OUTPUT_KINDS = ("stream", "error", *RICH)
STREAM_NAMES = ("stdout", "stderr")
STORED_FIELDS = ("text", "data", "metadata", "ename", "evalue", "traceback")  # what nbformat keeps of a message
NAME_BYTES = 256  # an exception's name, stored
NOTICE_BYTES = 512  # the notice, stored (kept free in each cell's budget)
ENCODE_CHUNK = 1 << 16


def utf8_size(text: str) -> int:
    """Bytes of `text` in UTF-8, without encoding a long text at once."""
    if text.isascii():
        return len(text)
    return sum(len(text[start:start + ENCODE_CHUNK].encode("utf-8", "surrogatepass"))
               for start in range(0, len(text), ENCODE_CHUNK))


def stored_size(value, limit: float, indent: int = OUTPUT_INDENT) -> int:
    """Bytes `value` takes as an item `indent` deep in a notebook nbformat writes (an upper bound: every string
    counted as a list of its lines), or some number above `limit` once it is known to exceed it."""
    line = indent + 2  # the item's newline, indentation and comma
    if isinstance(value, str):
        if len(value) > limit:
            return len(value)
        lines = 1 + sum(map(value.count, LINE_BREAKS))  # nbformat stores text as a list of its lines
        return line + utf8_size(json.dumps(value, ensure_ascii=False)) + lines * (indent + 5) + indent + 2
    if isinstance(value, dict | list):
        items = value.items() if isinstance(value, dict) else ((None, item) for item in value)
        size = line + indent + 3  # the brackets and the closing line
        for key, item in items:
            size += stored_size(item, limit - size, indent + 1)
            size += 0 if key is None else utf8_size(json.dumps(key, ensure_ascii=False)) + 2
            if size > limit:
                break
        return size
    return line + len(json.dumps(value))


def text_size(value) -> int:
    """UTF-8 bytes of the strings in `value`: what the notice counts as not stored."""
    if isinstance(value, str):
        return utf8_size(value)
    if isinstance(value, dict | list):
        return sum(map(text_size, value.values() if isinstance(value, dict) else value))
    return 0


def head(text: str, room: int, indent: int = OUTPUT_INDENT + 1) -> str:
    """The longest start of `text` (whole characters) that takes at most `room` bytes stored."""
    if stored_size(text, room, indent) <= room:
        return text
    low, high = 0, min(len(text), max(room, 0))
    while low < high:
        middle = (low + high + 1) // 2
        low, high = (middle, high) if stored_size(text[:middle], room, indent) <= room else (low, middle - 1)
    return text[:low]


def bounded_error(content: dict, share: int) -> dict:
    """An error's name, message and traceback, cut at their heads to take at most `share` bytes stored: the
    traceback keeps its first entries and the head of its last (the line that names the error)."""
    text = [line if isinstance(line, str) else "" for line in (content.get("ename"), content.get("evalue"))]
    ename, evalue = head(text[0], NAME_BYTES), head(text[1], share // 4)
    entries = content.get("traceback") if isinstance(content.get("traceback"), list) else []
    last = [head(entries[-1], share // 4, OUTPUT_INDENT + 2)] if entries and isinstance(entries[-1], str) else []
    room = share - stored_size({"output_type": "error", "ename": ename, "evalue": evalue, "traceback": last}, share)
    kept = []
    for entry in islice(entries, max(len(entries) - 1, 0)):
        piece = head(entry, room, OUTPUT_INDENT + 2) if isinstance(entry, str) else ""
        if piece:
            kept.append(piece)
            room -= stored_size(piece, room, OUTPUT_INDENT + 2)
        if piece != entry:
            break
    return {"ename": ename, "evalue": evalue, "traceback": kept + last}


def size_name(size: int) -> str:
    """A budget as people say it: '1 MiB', '64 KiB', or bytes."""
    if size % MIB == 0:
        return f"{size // MIB} MiB"
    return f"{size // KIB} KiB" if size % KIB == 0 else f"{size:,} 바이트"


@dataclass
class CellCut:
    """What one cell's outputs lost, and the budget that cut them first (a Korean phrase)."""

    reason: str = ""
    size: int = 0  # UTF-8 bytes not stored
    kinds: list[str] = field(default_factory=list)  # what was cut, in order
    streams_closed: bool = False  # a stream was cut: the cell's later streams are dropped

    def record(self, size: int, kind: str, reason: str) -> None:
        self.reason = self.reason or reason
        self.size += size
        if kind not in self.kinds:
            self.kinds.append(kind)

    def notice(self) -> list[NotebookNode]:
        """The cell's notice as a stdout output, or nothing when nothing was cut."""
        if not self.kinds:
            return []
        text = (f"[출력 제한] {attach(self.reason, Particle.OBJECT)} 넘어 나머지 {self.size:,} "
                f"바이트({', '.join(self.kinds)})는 저장하지 않았습니다.\n")
        return [new_output("stream", name="stdout", text=text)]


class BoundedOutput(NotebookClient):
    """nbclient's NotebookClient (put before nbgrader's Execute) whose stored outputs stay within byte budgets."""

    cell_bytes = Integer(MIB, help="Bytes a cell's outputs may take in the autograded notebook (JSON as nbformat "
                                   "writes it, notice included); past it a stream is cut and a rich output "
                                   "dropped.").tag(config=True)
    notebook_bytes = Integer(8 * MIB, help="Bytes all outputs of a notebook may take, notices aside; once spent, "
                                           "later cells keep only the notice.").tag(config=True)
    error_bytes = Integer(64 * KIB, help="Bytes one error output may take (its head is kept); each cell keeps this "
                                         "much of its budget for its error.").tag(config=True)

    def create_kernel_manager(self):
        """nbclient's, whose kernel clients receive each message bounded (autograder.grading.message_cap)."""
        manager = super().create_kernel_manager()
        manager.client_class = "autograder.grading.message_cap.BoundedKernelClient"
        return manager

    def reset_execution_trackers(self) -> None:
        super().reset_execution_trackers()
        self._spent: Counter[int] = Counter()  # bytes charged to each cell (by index)
        self._total = 0
        self._cut = CellCut()  # the running cell's
        self._kept: dict[int, NotebookNode] = {}  # outputs `output` stored in the running cell, by id

    async def async_execute_cell(self, cell, cell_index, execution_count=None, store_history=True):
        self._cut, self._kept = CellCut(), {}
        try:
            return await super().async_execute_cell(cell, cell_index, execution_count, store_history)
        finally:
            if cell.cell_type == "code":
                admitted = (self._added(output, cell_index) for output in cell.outputs)
                cell.outputs = [output for output in admitted if output is not None] + self._cut.notice()

    execute_cell = run_sync(async_execute_cell)

    def process_message(self, msg, cell, cell_index):
        if not isinstance(msg["content"].get("execution_count"), int | None):  # nbclient stores it on the cell
            msg["content"]["execution_count"] = None
        return super().process_message(msg, cell, cell_index)

    def output(self, outs, msg, display_id, cell_index):
        kind = msg["header"]["msg_type"]
        content = self._admit(kind, msg["content"], cell_index) if kind in OUTPUT_KINDS else None
        if content is None:
            return None
        out = super().output(outs, {**msg, "content": content}, display_id, cell_index)
        if out is not None:
            self._kept[id(out)] = out
        return out

    def _update_display_id(self, display_id, msg):
        """nbclient's update of the outputs showing `display_id`, each charged to its own cell: one that would
        not fit keeps what it showed."""
        shown = self._display_id_map.get(display_id, {})
        try:
            new = output_from_msg({**msg, "header": {**msg["header"], "msg_type": "display_data"}}) if shown else None
        except ValueError:
            return
        for cell_index, indices in shown.items():
            outputs = self.nb.cells[cell_index].get("outputs", [])
            for index in indices:  # an output the checker has since replaced is no display any more
                if index < len(outputs) and outputs[index].get("output_type") in RICH:
                    self._update(outputs[index], new, cell_index)

    def _update(self, output: NotebookNode, new: NotebookNode, cell_index: int) -> None:
        room, reason = self._room("display_data", cell_index)
        freed = stored_size(output, float("inf"))
        size = stored_size({**output, "data": new.data, "metadata": new.metadata}, room + freed)
        if size > room + freed:
            self._cut.record(text_size([new.data, new.metadata]), "update_display_data", reason)
            return
        self._charge(cell_index, size - freed)
        output.data, output.metadata = new.data, new.metadata

    def handle_comm_msg(self, outs, msg, cell_index):
        """Ignored: the course has no widgets, and their state would be stored outside any budget."""

    def _added(self, output: NotebookNode, cell_index: int) -> NotebookNode | None:
        """An output of the finished cell, admitted if something other than `output` stored it (nbgrader adds
        the execute reply's error when no output showed it)."""
        kind = output.get("output_type")
        if kind not in OUTPUT_KINDS:
            return None
        if self._kept.get(id(output)) is output:
            return output
        content = self._admit(kind, {key: value for key, value in output.items() if key != "output_type"}, cell_index)
        return None if content is None else new_output(kind, **content)

    def _admit(self, kind: str, content: dict, cell_index: int) -> dict | None:
        """`content` as it may be stored (cut), charged to the cell; None when nothing of it is."""
        if kind == "stream":
            return self._admit_stream(content, cell_index)
        if kind == "error":
            bounded = bounded_error(content, self.error_bytes)
            kept = self._whole(kind, bounded, cell_index)  # first: a dropped error says which budget dropped it
            lost = text_size([content.get(key) for key in bounded]) - text_size(list(bounded.values()))
            if lost:
                self._cut.record(lost, "error", f"오류 메시지가 {size_name(self.error_bytes)}")
            return kept
        return self._whole(kind, content, cell_index)

    def _admit_stream(self, content: dict, cell_index: int) -> dict | None:
        text, name = content.get("text"), content.get("name")
        kind = name if name in STREAM_NAMES else "stream"
        if not isinstance(text, str):
            return None
        room, reason = self._room(kind, cell_index)
        if self._cut.streams_closed:
            self._cut.record(utf8_size(text), kind, reason)
            return None
        if stored_size({"output_type": "stream", **content}, room) > room:
            overhead = stored_size({"output_type": "stream", **content, "text": ""}, room)
            kept = head(text, room - overhead)
            self._cut.record(utf8_size(text) - utf8_size(kept), kind, reason)
            self._cut.streams_closed = True
            if not kept:
                return None
            content = {**content, "text": kept}
        self._charge(cell_index, stored_size({"output_type": "stream", **content}, room))
        return content

    def _whole(self, kind: str, content: dict, cell_index: int) -> dict | None:
        """`content` if it fits whole, charged; else None, recorded as cut."""
        room, reason = self._room(kind, cell_index)
        size = stored_size({"output_type": kind, **content}, room)
        if size > room:
            self._cut.record(text_size([content.get(key) for key in STORED_FIELDS]), kind, reason)
            return None
        self._charge(cell_index, size)
        return content

    def _room(self, kind: str, cell_index: int) -> tuple[int, str]:
        """Bytes a `kind` output may still take in the cell, and the phrase of the budget that limits it."""
        reserve = 0 if kind == "error" else self.error_bytes  # what each cell keeps for its error
        cell = self.cell_bytes - NOTICE_BYTES - reserve - self._spent[cell_index]
        notebook = self.notebook_bytes - reserve - self._total
        if cell <= notebook:
            return max(cell, 0), f"이 셀의 출력이 {size_name(self.cell_bytes)}"
        return max(notebook, 0), f"노트북 전체의 출력이 {size_name(self.notebook_bytes)}"

    def _charge(self, cell_index: int, size: int) -> None:
        self._spent[cell_index] += size
        self._total += size
