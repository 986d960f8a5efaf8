"""The one place that builds the OpenAI client and talks Chat Completions.

The same code serves OpenAI, Ollama, llama.cpp and vLLM: ``base_url`` and the key come from the config or the
environment (``RATCHET_LLM_BASE_URL`` / ``OPENAI_BASE_URL``, the variable named by ``llm.api_key_env``). Retries
with backoff on 429/5xx and the hard timeout are the client's own (``max_retries``, ``timeout``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ratchet.config import Config
from ratchet.errors import LLMError


@dataclass
class ChatResult:
    """A parsed JSON reply with its token usage and the way it was requested."""

    data: Any
    raw: str
    usage: dict[str, int] = field(default_factory=dict)
    mode: str = "json_schema"  # json_schema | json_object | text
    model: str = ""


def make_client(config: Config, *, timeout: float | None = None, max_retries: int | None = None) -> Any:
    """An ``openai.OpenAI`` client for the configured endpoint (imported lazily: it is heavy)."""
    import openai

    llm = config.section("llm")
    return openai.OpenAI(
        api_key=config.llm_api_key() or "not-needed",
        base_url=config.llm_base_url() or None,
        timeout=float(timeout if timeout is not None else llm["timeout_seconds"]),
        max_retries=int(max_retries if max_retries is not None else llm["max_retries"]),
    )


def _usage(response: Any) -> dict[str, int]:
    usage = getattr(response, "usage", None)
    if usage is None:
        return {}
    return {
        "prompt_tokens": int(getattr(usage, "prompt_tokens", 0) or 0),
        "completion_tokens": int(getattr(usage, "completion_tokens", 0) or 0),
    }


def _unsupported_format(exc: Exception) -> bool:
    """A 400/422 that means the server does not take this ``response_format``."""
    import openai

    if not isinstance(exc, openai.BadRequestError | openai.UnprocessableEntityError):
        return False
    text = str(exc).lower()
    return any(word in text for word in ("response_format", "json_schema", "not supported", "unsupported", "schema"))


def chat_json(
    config: Config,
    messages: list[dict[str, str]],
    schema: dict[str, Any],
    name: str,
    *,
    model: str | None = None,
    client: Any = None,
    temperature: float = 0.0,
) -> ChatResult:
    """Ask for a JSON object matching ``schema``: strict structured output, then JSON mode, then plain text.

    Raises :class:`LLMError` on refusal, truncation, transport failure or a reply that is not JSON.
    """
    import openai

    client = client or make_client(config)
    model = model or config.llm_model()
    formats: list[tuple[str, dict[str, Any] | None]] = [
        (
            "json_schema",
            {"type": "json_schema", "json_schema": {"name": name, "schema": schema, "strict": True}},
        ),
        ("json_object", {"type": "json_object"}),
        ("text", None),
    ]
    last_error: Exception | None = None
    for mode, response_format in formats:
        request_messages = messages
        if mode != "json_schema":
            hint = "Reply with one JSON object only, matching this JSON Schema:\n" + json.dumps(schema)
            request_messages = [*messages, {"role": "system", "content": hint}]
        kwargs: dict[str, Any] = {"model": model, "messages": request_messages, "temperature": temperature}
        if response_format is not None:
            kwargs["response_format"] = response_format
        try:
            response = client.chat.completions.create(**kwargs)
        except openai.APITimeoutError:
            raise LLMError(f"LLM request to {config.llm_base_url() or 'OpenAI'} timed out") from None
        except openai.APIConnectionError:
            raise LLMError(f"LLM endpoint {config.llm_base_url() or 'OpenAI'} is unreachable") from None
        except openai.APIStatusError as exc:
            if _unsupported_format(exc):
                last_error = exc
                continue
            raise LLMError(f"LLM request failed with HTTP {exc.status_code}: {_short(exc)}") from None
        return _parse_choice(response, mode, model)
    raise LLMError(f"LLM endpoint rejected every response format: {_short(last_error)}")


def _parse_choice(response: Any, mode: str, model: str) -> ChatResult:
    if not getattr(response, "choices", None):
        raise LLMError("LLM reply has no choices")
    choice = response.choices[0]
    message = choice.message
    refusal = getattr(message, "refusal", None)
    if refusal:
        raise LLMError(f"LLM refused: {refusal[:200]}")
    if choice.finish_reason == "length":
        raise LLMError("LLM reply was cut off (finish_reason=length)")
    content = (message.content or "").strip()
    data = parse_reply(content)
    return ChatResult(
        data=data, raw=content, usage=_usage(response), mode=mode, model=getattr(response, "model", model)
    )


def parse_reply(content: str) -> Any:
    """The JSON value of a raw reply (code fences tolerated); :class:`LLMError` when it is not JSON.

    Shared by live calls and the prompt workshop's recorded replies, so a replay parses exactly as the call did.
    """
    try:
        return json.loads(_strip_fences(content.strip()))
    except json.JSONDecodeError as exc:
        raise LLMError(f"LLM reply is not valid JSON ({exc.msg} at column {exc.colno})") from None


def _strip_fences(text: str) -> str:
    if text.startswith("```"):
        text = text.split("\n", 1)[1] if "\n" in text else ""
        text = text.rsplit("```", 1)[0]
    return text.strip()


def _short(exc: Exception | None) -> str:
    return " ".join(str(exc).split())[:200] if exc else "no detail"
