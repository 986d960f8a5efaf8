"""The models Ratchet talks to: LLM endpoints and agent CLIs, embedding models."""

# Set to "off" for an agent session Ratchet itself runs headless to extract with (ratchet.models.agent_cli): that
# session's own hooks neither recall into it nor extract from it (ratchet.cli.fasthook checks it first).
HOOKS_OFF = "RATCHET_HOOKS"
