"""ratchet.llm against the loopback OpenAI-compatible server (the real openai client over HTTP)."""

from __future__ import annotations

import json

import pytest

from ratchet.config import config_from_dict
from ratchet.errors import LLMError
from ratchet.models.llm import chat_json

SCHEMA = {
    "type": "object",
    "properties": {"ids": {"type": "array", "items": {"type": "integer"}}},
    "required": ["ids"],
    "additionalProperties": False,
}
MESSAGES = [{"role": "user", "content": "pick"}]


@pytest.fixture
def config(llm_env):
    return config_from_dict({"llm": {"timeout_seconds": 2, "max_retries": 1}})


def test_structured_output_request_and_usage(config, llm_env):
    llm_env.chat.push(content='{"ids": [1, 2]}')
    result = chat_json(config, MESSAGES, SCHEMA, "pick")
    assert result.data == {"ids": [1, 2]} and result.mode == "json_schema"
    assert result.usage == {"prompt_tokens": 100, "completion_tokens": 20}
    sent = llm_env.chat.requests[0]
    assert sent["response_format"]["type"] == "json_schema"
    assert sent["response_format"]["json_schema"] == {"name": "pick", "schema": SCHEMA, "strict": True}
    assert sent["model"] == "gpt-4o-mini"


def test_falls_back_to_json_mode_then_text(config, llm_env):
    llm_env.chat.push(status=400, error="response_format json_schema is not supported by this server")
    llm_env.chat.push(content='{"ids": [3]}')
    result = chat_json(config, MESSAGES, SCHEMA, "pick")
    assert result.data == {"ids": [3]} and result.mode == "json_object"
    assert llm_env.chat.requests[1]["response_format"] == {"type": "json_object"}
    assert json.dumps(SCHEMA) in llm_env.chat.requests[1]["messages"][-1]["content"]


def test_retries_429_then_succeeds(config, llm_env):
    llm_env.chat.push(status=429, error="slow down")
    llm_env.chat.push(content='```json\n{"ids": []}\n```')
    assert chat_json(config, MESSAGES, SCHEMA, "pick").data == {"ids": []}
    assert len(llm_env.chat.requests) == 2


@pytest.mark.parametrize(
    ("reply", "message"),
    [
        ({"status": 500, "error": "boom"}, "LLM request failed with HTTP 500"),
        ({"content": "not json at all"}, "LLM reply is not valid JSON"),
        ({"refusal": "I cannot help with that"}, "LLM refused: I cannot help with that"),
        ({"content": '{"ids": [1', "finish_reason": "length"}, "LLM reply was cut off (finish_reason=length)"),
    ],
)
def test_failures_raise_llm_error(config, llm_env, reply, message):
    for _ in range(2):  # 500s are retried once: the same failure each time
        llm_env.chat.push(**reply)
    with pytest.raises(LLMError, match=message.replace("(", r"\(").replace(")", r"\)")):
        chat_json(config, MESSAGES, SCHEMA, "pick")


def test_timeout(llm_env):
    config = config_from_dict({"llm": {"timeout_seconds": 0.3, "max_retries": 0}})
    llm_env.chat.push(delay=1.5, content="{}")
    with pytest.raises(LLMError, match="timed out"):
        chat_json(config, MESSAGES, SCHEMA, "pick")


def test_unreachable_endpoint(monkeypatch):
    monkeypatch.setenv("RATCHET_LLM_BASE_URL", "http://127.0.0.1:9/v1")
    config = config_from_dict({"llm": {"timeout_seconds": 1, "max_retries": 0}})
    with pytest.raises(LLMError, match="unreachable"):
        chat_json(config, MESSAGES, SCHEMA, "pick")
