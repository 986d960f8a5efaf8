"""The intent journal's large appends (staged in a temp file, not copied into the journal) and the one JSON line
encoder: the same bytes as before, finished exactly after a crash, nothing left behind."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ratchet.store import journal
from ratchet.store.files import dumps_line, dumps_line_with, dumps_value, line_template
from ratchet.store.memdir import MemoryDir

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None)
@given(record=st.dictionaries(st.text(), json_values, max_size=6), data=st.data())
def test_dumps_line_is_json_dumps_and_a_spliced_value_changes_nothing(record, data) -> None:
    expected = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
    assert dumps_line(record) == expected
    keys = data.draw(st.sets(st.sampled_from(sorted(record))) if record else st.just(set()))
    assert dumps_line_with(record, {k: dumps_line(record[k]) for k in keys}) == expected


def lines(n: int, tag: str) -> list[str]:
    return [dumps_line({"n": i, "tag": tag, "pad": "x" * 200}) for i in range(n)]


def memdir(tmp_path: Path) -> MemoryDir:
    return MemoryDir(tmp_path / "memory").ensure()


def test_a_large_append_is_staged_beside_the_target_not_copied_into_the_journal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = memdir(tmp_path)
    root.archive.write_text(dumps_line({"old": 1}) + "\n")
    big, small = lines(400, "big"), lines(2, "small")
    change = journal.Change()
    change.keep_lines(root.archive, big)
    change.audit.extend(small)  # lines already serialised pass through as they are
    seen: dict = {}
    real_run = journal._run

    def spy(memdir: MemoryDir, doc: dict, *args: object, **kwargs: object) -> None:
        seen.update(doc)
        real_run(memdir, doc, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(journal, "_run", spy)
    journal.apply(root, change)
    assert "temp" in seen["keep"][0] and "lines" not in seen["keep"][0]
    assert seen["audit"][0]["lines"] == small  # a few lines stay inline
    assert root.archive.read_text() == dumps_line({"old": 1}) + "\n" + "".join(line + "\n" for line in big)
    assert root.audit_log.read_text() == "".join(line + "\n" for line in small)
    assert not root.journal.exists() and not list(root.root.glob(".*.tmp"))


def test_a_staged_append_is_finished_exactly_once_after_a_crash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = memdir(tmp_path)
    big = lines(400, "big")
    change = journal.Change()
    change.keep_lines(root.archive, big)

    def crash(*args: object, **kwargs: object) -> None:
        raise SystemExit("killed after the journal")

    with monkeypatch.context() as patch:
        patch.setattr(journal, "_run", crash)
        with pytest.raises(SystemExit):
            journal.apply(root, change)
    assert root.journal.exists() and list(root.root.glob(".*.tmp"))
    # Half of it was appended before the kill, and someone else's line after that (appenders without the lock).
    with open(root.archive, "a") as fh:
        fh.write("".join(line + "\n" for line in big[:150]) + '{"other":1}\n')
    assert journal.settle(root)
    text = root.archive.read_text()
    assert text == "".join(line + "\n" for line in big[:150]) + '{"other":1}\n' + "".join(
        line + "\n" for line in big[150:]
    )
    assert not root.journal.exists() and not list(root.root.glob(".*.tmp"))
    assert not journal.settle(root)  # nothing pending: a second look appends nothing
    assert root.archive.read_text() == text


def test_a_version_1_journal_left_by_an_older_writer_is_finished(tmp_path: Path) -> None:
    root = memdir(tmp_path)
    doc = {
        "version": 1,
        "keep": [{"file": "archive.jsonl", "size": 0, "lines": ['{"a":1}', '{"a":2}']}],
        "replace": [],
        "append": [],
        "audit": [{"file": "memory-log.jsonl", "size": 0, "lines": ['{"b":1}']}],
    }
    root.journal.write_text(json.dumps(doc))
    root.archive.write_text('{"a":1}\n')  # its first line made it before the crash
    assert journal.settle(root)
    assert root.archive.read_text() == '{"a":1}\n{"a":2}\n'
    assert root.audit_log.read_text() == '{"b":1}\n'


def test_two_appends_to_one_file_in_one_change_keep_their_old_meaning(tmp_path: Path) -> None:
    root = memdir(tmp_path)
    change = journal.Change()
    change.keep_lines(root.rejected, ['{"same":1}'])
    change.append_lines(root.rejected, ['{"same":1}', '{"new":1}'])
    journal.apply(root, change)
    # As a crash recovery would find them: the second step counts the first one's line as already there.
    assert root.rejected.read_text() == '{"same":1}\n{"new":1}\n'


@settings(max_examples=100, deadline=None)
@given(record=st.dictionaries(st.text(), json_values, min_size=1, max_size=6), data=st.data())
def test_a_line_template_fills_in_to_the_same_line(record, data) -> None:
    holes = data.draw(st.lists(st.sampled_from(sorted(record)), unique=True))
    fill = line_template({k: (None if k in holes else v) for k, v in record.items()}, holes)
    assert fill(*(dumps_value(record[k]) for k in holes)) == dumps_line(record)
