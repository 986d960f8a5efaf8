#!/usr/bin/env bash
# `make demo`: the whole pipeline, offline, on the bundled sample transcript, in a fresh memory directory.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$(mkdir -p "${1:-build/demo}" && cd "${1:-build/demo}" && pwd)
bin="${RATCHET_DEMO_BIN:-$root/.venv/bin}"  # the commands to run: the checkout's venv, or an installed Ratchet (tests/test_wheel.py)
rm -rf "$out/memory" "$out/home"
export RATCHET_MEMORY_DIR="$out/memory"
export HOME="$out/home" && mkdir -p "$HOME"          # the demo never touches your real home
unset OPENAI_API_KEY OPENAI_BASE_URL RATCHET_LLM_BASE_URL RATCHET_CONFIG  # offline by design
# The sample session took place on 2026-02-27; the demo's clock is pinned to the Friday after it, so recency,
# decay and the weekly report read as they would have then.
export RATCHET_NOW="2026-03-06T18:00:00Z"
cd "$root"
step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "memory-extract samples/sample-transcript.jsonl  (offline extractor: no API key needed)"
"$bin/memory-extract" samples/sample-transcript.jsonl

step "the sample pasted an API key and a <private> note: neither is anywhere in the memory directory"
if grep -rqE "sk-proj-|therapist" "$RATCHET_MEMORY_DIR"; then echo "LEAKED" && exit 1; else echo "not found: good"; fi

step "memory-extract again: idempotent, nothing is added twice"
"$bin/memory-extract" samples/sample-transcript.jsonl

step "ratchet list"
"$bin/ratchet" list

step "memory-embed  (wordllama's 256-d model, bundled in its wheel, runs offline)"
"$bin/memory-embed"

step "memory-retrieve --query 'when are the truck brakes due' --mode embeddings"
"$bin/memory-retrieve" --query "when are the truck brakes due" --mode embeddings

step "SessionStart hook, as Claude Code runs it (JSON on stdin, additionalContext on stdout)"
printf '{"session_id": "demo-next", "cwd": "%s", "hook_event_name": "SessionStart", "source": "startup"}' "$root" |
  "$bin/memory-retrieve" --hook --format claude-hook | "$bin/python" -m json.tool | head -n 12

step "UserPromptSubmit hook in a new session: facts relevant to the prompt"
prompt_hook() {
  printf '{"session_id": "demo-prompt", "cwd": "%s", "hook_event_name": "UserPromptSubmit", "prompt": "%s"}' "$root" "$1" |
    "$bin/memory-retrieve" --hook --format claude-hook
}
prompt_hook "can we deploy to staging tonight?" | "$bin/python" -m json.tool

step "the same prompt again in that session: already injected, so nothing is repeated"
out=$(prompt_hook "can we deploy to staging tonight?")
printf '%s\n' "${out:-(empty output: nothing new to inject)}"

first=$("$bin/memory-retrieve" --query "Tacoma brakes" --format json | "$bin/python" -c 'import json,sys; print(json.load(sys.stdin)["facts"][0]["id"][:8])')
step "ratchet confirm $first  x3  (the user relied on it: user-confirmed references reinforce; injection never does)"
for _ in 1 2 3; do "$bin/ratchet" confirm "$first"; done

step "ratchet why $first --query 'Tacoma brakes'  (the score breakdown)"
"$bin/ratchet" why "$first" --query "Tacoma brakes"

step "memory-manage  (the Friday cron: decay, reinforce, promote, purge, contradictions, report)"
"$bin/memory-manage" --no-llm

step "memory-manage again the same week: idempotent"
"$bin/memory-manage" --no-llm --no-report

step "the weekly report"
cat "$RATCHET_MEMORY_DIR"/reports/*.md

step "MEMORY.md"
cat "$RATCHET_MEMORY_DIR/MEMORY.md"

step "ratchet stats"
"$bin/ratchet" stats

printf '\nDemo memory directory: %s\n' "$RATCHET_MEMORY_DIR"
