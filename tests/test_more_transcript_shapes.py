"""Transcript shapes a blind check found refused or misread (2026-11-26: 50 of 59 real coding sessions refused, turns
of two chat exports lost): OpenCode's ``opencode export``, Pi's session files, Cursor's agent transcripts,
Antigravity's wrapped requests, and Markdown chat logs with a code block left open, a four-backtick block, a bold
speaker alone on its line or the Obsidian callouts of the Nexus AI Chat Importer.

Each case is built from the tool's documented shape (named in the test) with made-up content; none copies a real file.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ratchet.config import Config
from ratchet.errors import TranscriptError
from ratchet.extract.pipeline import extract_file
from ratchet.extract.transcripts import Transcript, parse_transcript
from ratchet.store.store import Store


def _lines(*records: object) -> str:
    return "".join(json.dumps(r) + "\n" for r in records)


def _said(t: Transcript, role: str = "user") -> list[str]:
    return [turn.text.strip() for turn in t.turns if turn.role == role and turn.trusted]


def _untrusted(t: Transcript) -> list[str]:
    return [turn.text for turn in t.turns if not turn.trusted]


def _reasons(t: Transcript) -> str:
    return " | ".join(why for _, why in t.dropped)


def test_an_opencode_export_is_read_and_what_opencode_wrote_as_the_user_is_tool_output() -> None:
    # sst/opencode packages/opencode/src/session/message-v2.ts: a message's info and parts; `opencode export`.
    doc = {
        "info": {"id": "ses_1", "directory": "/home/ana/shop", "title": "Forms"},
        "messages": [
            {
                "info": {"role": "user", "id": "msg_1", "sessionID": "ses_1"},
                "parts": [
                    {"type": "text", "text": "We deploy the shop with Kamal. Update @src/forms.ts please."},
                    {"type": "file", "filename": "src/forms.ts", "url": "file:///home/ana/shop/src/forms.ts"},
                    {"type": "text", "synthetic": True, "text": "Called the Read tool with the following input: {}"},
                    {"type": "text", "synthetic": True, "text": "<content>I always use tabs in this file</content>"},
                    {"type": "text", "ignored": True, "text": "never sent"},
                ],
            },
            {
                "info": {"role": "assistant", "id": "msg_2"},
                "parts": [
                    {"type": "step-start"},
                    {"type": "reasoning", "text": "The user wants the forms updated."},
                    {"type": "tool", "tool": "bash", "state": {"status": "completed", "output": "ok: 3 files"}},
                    {"type": "text", "text": "Updated the forms."},
                    {"type": "step-finish"},
                ],
            },
            {"info": {"role": "assistant", "id": "msg_3", "summary": True}, "parts": [{"type": "text", "text": "S."}]},
        ],
    }
    t = parse_transcript(json.dumps(doc, indent=2), "export.json")
    assert (t.format, t.session_id, t.cwd) == ("opencode", "ses_1", "/home/ana/shop")
    assert _said(t) == ["We deploy the shop with Kamal. Update @src/forms.ts please."]
    assert _said(t, "assistant") == ["Updated the forms."]
    assert _said(t, "summary") == ["S."]
    assert "<content>I always use tabs in this file</content>" in _untrusted(t)
    assert "ok: 3 files" in _untrusted(t)
    assert "ignored" in _reasons(t)


def test_a_pi_session_is_read_along_the_branch_it_ends_on() -> None:
    # badlogic/pi-mono packages/coding-agent/docs/session.md: a header, then entries linked by id/parentId.
    records = [
        {"type": "session", "version": 3, "id": "0190-pi", "timestamp": "2026-08-01T07:35:00Z", "cwd": "/srv/dots"},
        {"type": "model_change", "id": "a1", "parentId": None, "provider": "mistral", "modelId": "devstral"},
        {"type": "message", "id": "a2", "parentId": "a1", "message": {"role": "user", "content": "I use fish."}},
        {
            "type": "message",
            "id": "a3",
            "parentId": "a2",
            "message": {
                "role": "assistant",
                "content": [
                    {"type": "thinking", "thinking": "hmm"},
                    {"type": "text", "text": "Noted."},
                    {"type": "toolCall", "id": "c1", "name": "bash", "arguments": {"command": "ls"}},
                ],
            },
        },
        {
            "type": "message",
            "id": "a4",
            "parentId": "a3",
            "message": {
                "role": "toolResult",
                "toolCallId": "c1",
                "toolName": "bash",
                "content": [{"type": "text", "text": "x"}],
            },
        },
        # An abandoned branch from a3, then the branch the session ends on.
        {
            "type": "message",
            "id": "b1",
            "parentId": "a4",
            "message": {"role": "user", "content": [{"type": "text", "text": "Actually I use zsh."}]},
        },
        {"type": "branch_summary", "id": "c1s", "parentId": "a4", "fromId": "b1", "summary": "Tried zsh."},
        {"type": "custom_message", "id": "c2", "parentId": "c1s", "customType": "ext", "content": "I am an admin."},
        {
            "type": "message",
            "id": "c3",
            "parentId": "c2",
            "message": {"role": "user", "content": [{"type": "text", "text": "My editor is Helix."}]},
        },
        {"type": "message", "id": "c4", "parentId": "c3", "message": {"role": "developer", "content": "Be brief."}},
    ]
    t = parse_transcript(_lines(*records), "pi.jsonl")
    assert (t.format, t.session_id, t.cwd) == ("pi", "0190-pi", "/srv/dots")
    assert _said(t) == ["I use fish.", "My editor is Helix."]
    assert _said(t, "assistant") == ["Noted."]
    assert _said(t, "summary") == ["Tried zsh."]
    assert _untrusted(t) == ["x"]
    assert "another branch" in _reasons(t) and "extension" in _reasons(t) and "developer" in _reasons(t)


def test_a_cursor_agent_transcript_reads_the_query_not_the_context_attached() -> None:
    # Cursor's ~/.cursor/projects/<project>/agent-transcripts/*.jsonl: role and message, the query in <user_query>.
    attached = (
        "<external_links>\n### Potentially Relevant Websearch Results\nI always deploy on Fridays.\n</external_links>\n"
    )
    records = [
        {
            "role": "user",
            "message": {"content": [{"type": "text", "text": "<user_query>\nWe use pnpm here.\n</user_query>"}]},
        },
        {"role": "assistant", "message": {"content": [{"type": "text", "text": "Got it."}]}},
        {
            "role": "user",
            "message": {"content": [{"type": "text", "text": attached + "<user_query>review PR 7</user_query>"}]},
        },
    ]
    t = parse_transcript(_lines(*records), "cursor.jsonl")
    assert t.format == "cursor"
    assert _said(t) == ["We use pnpm here.", "review PR 7"]
    assert _said(t, "assistant") == ["Got it."]
    assert "context Cursor attached" in _reasons(t)


def test_antigravity_requests_are_read_without_the_metadata_and_settings_beside_them() -> None:
    request = (
        "<USER_REQUEST>\nWe always use pnpm in this repo.\n</USER_REQUEST>\n"
        "<ADDITIONAL_METADATA>\nThe current local time is: 2026-06-05T22:06:33+05:30.\n</ADDITIONAL_METADATA>\n"
        "<USER_SETTINGS_CHANGE>\nThe user prefers dark mode. No need to comment.\n</USER_SETTINGS_CHANGE>"
    )
    doc = {"messages": [{"type": "user", "content": request}, {"type": "gemini", "content": "OK."}]}
    t = parse_transcript(json.dumps(doc), "session.json")
    assert _said(t) == ["We always use pnpm in this repo."]


def test_a_code_block_left_open_or_fenced_with_four_backticks_does_not_swallow_the_conversation() -> None:
    text = (
        "## You (2025-07-17T20:38:00Z)\n\nI live in Lisbon.\n\n"
        "## ChatGPT (2025-07-17T20:38:01Z)\n\nHere:\n```python\nprint('unfinished')\n\n"
        "## You (2025-07-17T20:39:00Z)\n\nMy daughter is called Rita.\n\n"
        "## ChatGPT (2025-07-17T20:39:01Z)\n\n````markdown\n```\n## You\nnot a turn\n```\n````\n\n"
        "## You (2025-07-17T20:40:00Z)\n\nI work nights.\n"
    )
    t = parse_transcript(text, "chat.md")
    assert _said(t) == ["I live in Lisbon.", "My daughter is called Rita.", "I work nights."]


def test_bold_speakers_alone_on_their_line_and_nexus_callouts_are_turns() -> None:
    bold = "# Notes\n\n**human** (Oct 6, 2025, 04:07 PM)\n\nI am a nurse.\n\n**assistant** (Oct 6, 2025)\n\nOK.\n"
    t = parse_transcript(bold, "bold.md")
    assert _said(t) == ["I am a nurse."] and _said(t, "assistant") == ["OK."]
    nexus = (
        "---\nnexus: nexus-ai-chat-importer\nprovider: chatgpt\n---\n\n# Title: Disks\n\n"
        ">[!nexus_user] **User** - 08/27/2025 at 11:33 AM\n> I run Debian 12 at home.\n> \n> How big is my disk?\n"
        "<!-- UID: 8b93846c -->\n\n>[!nexus_agent] **Assistant** - 08/27/2025 at 11:33 AM\n> Use `df`:\n> ```\n"
        "> df -h\n> ```\n<!-- UID: 9b93846c -->\n"
    )
    t = parse_transcript(nexus, "nexus.md")
    assert _said(t) == ["I run Debian 12 at home.\n\nHow big is my disk?"]
    assert _said(t, "assistant") == ["Use `df`:\n```\ndf -h\n```"]


def test_speakers_named_in_another_language_with_a_bracketed_time_are_turns() -> None:
    """A chat log written by a Russian user's exporter: "### Пользователь [17:49:08]" / "### Claude [17:49:29]"."""
    log = (
        "# Чат Claude — 2026-05-29\n\nСессия: `c655c92c`\n\n---\n\n### Пользователь [17:49:08]\n\n"
        "Я живу в Казани.\n\n### Claude [17:49:29]\n\nПонял.\n\n### Usuario [17:50:02]\n\nGracias.\n"
    )
    t = parse_transcript(log, "chat.md")
    assert _said(t) == ["Я живу в Казани.", "Gracias."] and _said(t, "assistant") == ["Понял."]


def test_a_pi_session_goes_through_extraction_and_stores_only_the_users_words(tmp_path: Path) -> None:
    store = Store(tmp_path / "memory")
    path = tmp_path / "pi.jsonl"
    path.write_text(
        _lines(
            {"type": "session", "version": 3, "id": "s-pi", "cwd": str(tmp_path)},
            {
                "type": "message",
                "id": "m1",
                "parentId": None,
                "message": {"role": "user", "content": "I prefer Helix."},
            },
            {"type": "custom_message", "id": "m2", "parentId": "m1", "customType": "x", "content": "I love Vim."},
        )
    )
    result = extract_file(store, Config(), path, mode="offline")
    assert (result.format, result.session) == ("pi", "s-pi")
    assert [f.content for f in store.facts()] == ["The user prefers Helix."]


def test_edge_shapes_of_the_new_readers() -> None:
    # Pi's version 1 files have no id/parentId links: read in order.
    v1 = _lines(
        {"type": "session", "id": "old-pi", "timestamp": "2025-01-01T00:00:00Z", "cwd": "/srv"},
        {"type": "message", "message": {"role": "user", "content": "I use fish."}},
        {"type": "message", "message": {"role": "assistant", "content": [{"type": "text", "text": "OK."}]}},
        {"type": "message", "message": {"role": "user", "content": "My editor is Helix."}},
    )
    assert _said(parse_transcript(v1, "v1.jsonl")) == ["I use fish.", "My editor is Helix."]
    # An OpenCode export with nothing said yet is refused naming the format, not read as another tool's.
    empty = {"info": {"id": "ses_0", "directory": "/home/ana/shop"}, "messages": []}
    with pytest.raises(TranscriptError, match=r"no conversation turns found \(read as opencode\)"):
        parse_transcript(json.dumps(empty), "empty.json")
    # A Cursor message with no <user_query>: the words outside the blocks Cursor attached.
    text = "<attached_files>\nI always deploy on Fridays.\n</attached_files>\nWe use pnpm here."
    t = parse_transcript(_lines({"role": "user", "message": {"content": [{"type": "text", "text": text}]}}), "c.jsonl")
    assert _said(t) == ["We use pnpm here."]


def test_conductors_instructions_and_a_tools_diagnostics_are_not_the_users_words(tmp_path: Path) -> None:
    """From the ninth blind check: Conductor (a Mac app running agents in parallel) puts <system_instruction> blocks
    before the user's request; a pasted "evaluation warning:" of nix became a fact."""
    said = (
        "<system_instruction>\nYou are working inside Conductor. The user always wants short branch names.\n"
        "</system_instruction>\n\n<system-instruction>\nRename the branch with `git branch -m`.\n"
        "</system-instruction>\n\n"
        "implement the typed flag parser"
    )
    record = {"type": "user", "uuid": "u1", "sessionId": "s", "message": {"role": "user", "content": said}}
    t = parse_transcript(_lines(record), "conductor.jsonl")
    assert _said(t) == ["implement the typed flag parser"]
    warning = "evaluation warning: 'system' has been renamed to/replaced by 'stdenv.hostPlatform.system' plz fix"
    path = tmp_path / "nix.jsonl"
    path.write_text(_lines({**record, "message": {"role": "user", "content": warning}}))
    store = Store(tmp_path / "memory")
    extract_file(store, Config(), path, mode="offline")
    assert store.facts() == []
    # A terminal line wrapped mid-path, its closing quote left without its opening one, is output, not a statement.
    from ratchet.extract.statements import classify

    assert not classify("ta/ghq/github.com/ana/dotnix' is dirty")
    assert classify("My parents' house is in Leeds")
