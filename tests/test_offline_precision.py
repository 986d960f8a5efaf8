"""The offline extractor, precision first: only durable statements in the user's own words, kept grammatical.

Every example here was written for these tests (none comes from a real transcript or the golden set).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ratchet.config import Config
from ratchet.extract import answers, lexicon, offline, prose
from ratchet.extract.pipeline import extract_file
from ratchet.extract.statements import classify
from ratchet.extract.transcripts import Turn, parse_transcript
from ratchet.store.store import Store


def _facts(text: str, path: str = "t.md") -> list[str]:
    transcript = parse_transcript(text, path)
    return [c.content for c in offline.extract(transcript.turns, Config().categories, "casual")]


def _said(*lines: str) -> list[str]:
    return [c.content for c in offline.extract([Turn("user", "\n".join(lines))], Config().categories, "casual")]


@pytest.mark.parametrize(
    "said",
    [
        "Add a test for the parser first.",
        "Ask me three questions before you start.",
        "Please rename the helper to load_rows.",
        "Can you check why the build is red?",
        "Let's keep it simple for now.",
        "That looks off.",
        "Another one failed.",
        "Thanks, that works now.",
        "Maybe we should move the cache to Redis.",
        "I think the parser is the problem.",
        "If the queue fills up, we drop the oldest jobs.",
        "I'm getting a timeout from the gateway.",
        "I tried the nightly build yesterday.",
        "It seems to hang on startup.",
        "You are my code reviewer for this session.",
        "Humans tend to skim long error messages.",
    ],
)
def test_requests_questions_chatter_and_hedges_are_not_facts(said: str) -> None:
    assert _said(said) == []


@pytest.mark.parametrize(
    ("said", "kind"),
    [
        ("I prefer tabs over spaces in Go.", "preference"),
        ("We decided to use SQLite for the cache.", "decision"),
        ("Always run the linter before pushing.", "rule"),
        ("I'm a structural engineer in Rotterdam.", "personal"),
        ("I'm writing a small compiler for a teaching language.", "activity"),
        ("We deploy the billing service on Tuesdays.", "project"),
        ("The billing service listens on port 8443.", "project"),
    ],
)
def test_durable_statements_are_kept_with_their_kind(said: str, kind: str) -> None:
    assert classify(said, work=True).kind == kind


def test_a_claim_taken_back_in_the_same_message_is_not_kept() -> None:
    assert _said("We use MySQL for reporting. Actually no, scratch that.") == []
    assert _said("Never mind, we will look at it later.") == []
    assert _said("I live in Ghent. Never mind, I live in Bruges.") == ["The user lives in Bruges."]


def test_a_reaction_to_what_the_assistant_offered_is_not_a_preference() -> None:
    facts = _facts(
        "User: Name ideas for my Go time package?\n"
        "Assistant: How about `chronograph`, `sundial` or `hourglass`?\n"
        "User: I like `sundial` but it's taken.\n"
    )
    assert facts == []


def test_only_the_users_own_words_are_read() -> None:
    turn = "\n".join(
        [
            "I'm getting this error when I deploy:",
            "The connection pool is exhausted. Increase the pool size in the settings.",
            "",
            "\u23fa The cache layer stores sessions in Redis.",
            "  The worker restarts every hour.",
            "",
            "> The staging database runs on Postgres 12.",
            "",
            "| host | role |",
            "| db-1 | primary |",
            "",
            "```",
            "We use tabs everywhere.",
            "```",
            "Traceback (most recent call last):",
            '  File "app.py", line 3, in <module>',
            "--- a/settings.py",
            "+DEBUG = True",
            "",
            "I prefer small pull requests.",
            "",
            "On Tue, 3 Mar 2026 at 10:02, Dana Reyes wrote:",
            "I live in Toronto and I manage the platform team.",
        ]
    )
    assert _said(turn) == ["The user prefers small pull requests."]


def test_pasted_material_without_the_user_speaking_is_not_a_fact() -> None:
    review = (
        "The retry helper swallows the context error. It also never resets the backoff counter. "
        "The scheduler depends on this helper for every job."
    )
    assert _said(review) == []
    assert prose.pasted_line("\u23fa Done: the tests pass")
    assert prose.pasted_line("cmd/app/main.go:12:3: undefined: run")


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        ("I went to Lisbon and I live in Porto.", "The user lives in Porto."),
        ("We moved to the US in 2019.", "The user moved to the US in 2019."),
        ("I am 34 and have nine years in retail.", "The user has nine years in retail."),
        ("I use Helix as my editor.", "The user uses Helix as their editor."),
        ("app.js is the entry point of the frontend.", "app.js is the entry point of the frontend."),
        ("I'm writing a parser in Rust, can you review it?", "The user is writing a parser in Rust."),
    ],
)
def test_sentences_stay_grammatical(said: str, fact: str) -> None:
    facts = _said(said)
    assert fact in facts
    assert not any("wents" in f or "the the user" in f or f.endswith("?.") for f in facts)


def test_category_and_importance_come_from_what_the_statement_is(memory_dir: Path, tmp_path: Path) -> None:
    path = tmp_path / "t.md"
    path.write_text(
        "User: We decided to use SQLite for the API cache. I prefer small pull requests. "
        "Always run the linter before pushing.\nAssistant: Noted.\n"
    )
    result = extract_file(Store(memory_dir), Config(), path, cwd=tmp_path)
    got = {f.content: (f.category, f.importance) for f in result.added}
    assert got == {
        "The team decided to use SQLite for the API cache.": ("decision", 0.9),
        "The user prefers small pull requests.": ("preference", 0.6),
        "Always run the linter before pushing.": ("process", 0.6),
    }


def test_a_short_answer_picks_one_of_the_offered_options() -> None:
    offered = "\n".join(
        [
            "**Next question:** How should deploy failures be handled?",
            "",
            "| Option | Description |",
            "|--------|-------------|",
            "| **A. Roll back (Recommended)** | Restore the previous release automatically. Alert the on-call. |",
            "| **B. Keep going** | Leave the failed release in place. |",
            "",
            "Which one do you prefer?",
        ]
    )
    assert answers.choice(offered, "A.") == (
        'For "How should deploy failures be handled", the user chose Roll back: '
        "Restore the previous release automatically."
    )
    assert answers.choice(offered, "A, but only on weekdays") is None  # the answer changes the option
    assert answers.choice(offered, "C.") is None
    assert answers.choice("No options here. Which one?", "A.") is None
    # Without a question to keep with it, a bare title says nothing; with its description it still says what was chosen
    bare = "Where should it go?\n\n1. Show current location\n2. Show original location\n\nWhich one?"
    assert answers.choice(bare, "option 1") is None
    described = "Where?\n\n1. Detail view only - Show the author in the detail view.\n2. Everywhere\n\nWhich one?"
    assert (
        answers.choice(described, "option 1") == "The user chose Detail view only: Show the author in the detail view."
    )


def test_the_lexicon_holds_no_word_of_a_golden_case() -> None:
    # Model names, appliances and brand names that came from golden cases are gone: rules must be general.
    words = {w for _, ws in lexicon.CATEGORY_WORDS for w in ws}
    assert not words & {"tacoma", "wrx", "furnace", "hvac", "dark mode", "light mode", "epipen"}
    source = Path(offline.__file__).read_text(encoding="utf-8").lower()
    assert "epipen" not in source and "tacoma" not in source


def test_codex_injection_and_real_user_text(tmp_path: Path, memory_dir: Path) -> None:
    lines = [
        {"type": "session_meta", "payload": {"id": "s1", "cwd": str(tmp_path)}},
        {
            "type": "response_item",
            "payload": {
                "type": "message",
                "role": "user",
                "content": [
                    {
                        "type": "input_text",
                        "text": "# AGENTS.md instructions for /repo\n<INSTRUCTIONS>I prefer tabs.</INSTRUCTIONS>",
                    }
                ],
            },
        },
        {
            "type": "response_item",
            "payload": {
                "type": "message",
                "role": "user",
                "content": [{"type": "input_text", "text": "I live in Ghent and I use Emacs."}],
            },
        },
    ]
    path = tmp_path / "rollout.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    result = extract_file(Store(memory_dir), Config(), path, cwd=tmp_path)
    assert sorted(f.content for f in result.added) == ["The user lives in Ghent.", "The user uses Emacs."]


@pytest.mark.parametrize(
    "said",
    [
        "I am running the deploy script and it is throwing the following error:",  # names what comes next
        "also...we have two caches, one for reads and one for writes",  # an omission
        "Our run ids start with 7a3cf82d-9284...",  # cut short
        "We keep the tokens in the vault, right",  # a question without its mark
        "~/projects/shop/config and none of the files has a date in front",  # a path where a subject should be
    ],
)
def test_clauses_that_are_not_whole_statements_are_not_facts(said: str) -> None:
    assert classify(said, work=True).kind is None and classify(said, work=False).kind is None


def test_a_state_of_the_moment_in_a_work_session_is_not_a_fact() -> None:
    assert classify("We have an import cycle now", work=True).kind is None
    assert classify("Yesterday we broke the staging deploy", work=True).kind is None
    assert classify("We have an import cycle now", work=False).kind is not None  # "we" is the user outside work


def test_a_modal_carries_over_to_the_clause_it_shares_a_subject_with() -> None:
    """ "we can go back and clean up the cache later" is a possibility, not how the team works."""
    assert _said("We can go back and clean up the cache in a separate task.") == []
    assert _said("I am 30 and have ten years in sales.") == ["The user is 30.", "The user has ten years in sales."]


def _agent_session(said: str, tools: int) -> list[str]:
    turns = [Turn("user", said)]
    for n in range(tools):
        turns += [Turn("assistant", f"Running step {n}."), Turn("tool", f"ok {n}", False, reason="tool_result")]
    return [c.content for c in offline.extract(turns, Config().categories, "casual")]


def test_to_an_agent_at_work_what_the_user_is_doing_is_this_task() -> None:
    """An agent that ran tools as often as the user spoke (five times or more): "I'm working on ENT-98" says what the
    task is; in a chat the same words say what the user does."""
    assert _agent_session("I'm working on a billing service in Go.", tools=6) == []
    assert _agent_session("I'm working on a billing service in Go.", tools=0) == [
        "The user is working on a billing service in Go."
    ]
    assert _agent_session("We deploy the billing service on Tuesdays.", tools=6) == [
        "The team deploys the billing service on Tuesdays."
    ]


def test_a_hedge_governs_the_clauses_after_it_in_its_sentence() -> None:
    assert _said("I thought we removed the old cache and use the new one directly.") == []
    assert _said("Users are unlikely to back up the key, correct me if I am wrong.") == []
    assert _said("We run Postgres 16 in staging and I think the replica lags.") == [
        "The team runs Postgres 16 in staging."
    ]


@pytest.mark.parametrize(
    "said",
    [
        "I like the CRDT idea.",  # one the assistant put forward
        "We are in stabilization and QA mode.",  # a phase
        "Ensure the ingest design has an issue created.",  # a to-do for the agent
    ],
)
def test_reactions_phases_and_to_dos_are_not_facts(said: str) -> None:
    assert classify(said, work=True).kind is None


@pytest.mark.parametrize(
    "said",
    [
        "I have two additional charts to implement",  # a to-do
        "We don't have a lot of time.",  # how the work stands
        "I have nothing to review so far",  # nothing, and so far
        "I like it..i tested it",  # an omission marked by dots
        "In case I have a lot of developers in the team it breaks",  # a case, not a fact
    ],
)
def test_obligations_absences_and_cases_in_a_work_session_are_not_facts(said: str) -> None:
    assert classify(said, work=True).kind is None
    assert classify("I don't have a car", work=False).kind == "personal"  # outside work, an absence is a fact


@pytest.mark.parametrize(
    "said",
    [
        "The v2.3 e2e suite is also stil failing.",  # the state a word or two after "is" (a typo between)
        "We have three idle runners for the importer.",  # idle for now
        "I have the tokens in the .env file.",  # which tokens?
        "I have branch https://example.com/acme/tree/fix-login.",  # the task's branch
        "Base of the PR is feature/login-rework.",  # which PR, and until when?
        "An upcoming PR tracks the retry budget.",
        "We already have a scripts/smoke.sh.",  # a reply to an offer to write one: the agent can see it
        "We have more changes coming from upstream.",
    ],
)
def test_the_work_items_and_states_of_the_moment_are_not_facts(said: str) -> None:
    assert classify(said, work=True).kind is None


@pytest.mark.parametrize(
    ("said", "kind"),
    [
        ("We have a local model endpoint at http://127.0.0.1:8000/v1.", "project"),
        ("Our main branch is protected.", "project"),
        ("The mobile app uses Flutter 3.22.", "project"),
    ],
)
def test_how_a_project_is_set_up_is_still_kept(said: str, kind: str) -> None:
    assert classify(said, work=True).kind == kind


def test_proposals_questions_imperatives_and_relative_clauses_give_no_fact() -> None:
    assert _said("I suggest we drop the legacy field and create a plugins module.") == []  # a proposal
    assert _said("ok, can we start over (branch off main first) and redo it?") == []  # a question, every clause
    assert _said("Collect the blue gems and dodge the rocks.") == []  # an imperative: "Collect" is no subject
    # "and" joins two nouns of the relative clause, not two statements: "Engineers work together" is not a clause
    assert _said("We are building a studio where designers and engineers work together.") == [
        "The user is building a studio where designers and engineers work together."
    ]
    assert _said("I live where it rains and I love the hills.") == [
        "The user lives where it rains.",
        "The user loves the hills.",
    ]


def test_to_an_agent_at_work_a_picked_option_needs_its_question() -> None:
    """An agent at work offers options of the task at hand; "option 1" with only its title and description says
    what was chosen but not for what."""
    described = "Where?\n\n1. Detail view only - Show the author in the detail view.\n2. Everywhere\n\nWhich one?"
    chat = [Turn("assistant", described), Turn("user", "option 1")]
    work = [*chat]
    for n in range(6):
        work += [Turn("assistant", f"Running step {n}."), Turn("tool", f"ok {n}", False, reason="tool_result")]
    assert [c.content for c in offline.extract(chat, Config().categories, "casual")] == [
        "The user chose Detail view only: Show the author in the detail view."
    ]
    assert [c.content for c in offline.extract(work, Config().categories, "casual")] == []


def test_a_numbered_list_of_questions_offers_no_options() -> None:
    """ "4." answers the agent's fourth question; the line under that number is a question, not an option to choose."""
    asked = (
        "A few open points:\n\n3. Retries: should we cap them at five?\n"
        "4. Timeouts: stop at the first one, or keep going and report them all at the end?\n\nWhich should I settle?"
    )
    assert answers.choice(asked, "4.") is None
    offered = "Which format?\n\n1. JSON: one object per line.\n2. CSV: a header row, then one row per record.\n"
    assert answers.choice(offered, "2") == "The user chose CSV: a header row, then one row per record."


def test_a_name_with_my_in_it_is_not_the_users() -> None:
    """ "Oh My Zsh" is a name: its "My" is nobody's, and its "Oh" is no interjection to strip."""
    assert _said("I use Oh My Zsh with the agnoster theme.") == ["The user uses Oh My Zsh with the agnoster theme."]
    assert _said("Oh My Zsh loads plugins from ~/.oh-my-zsh/custom on every start.") == []  # not "The user's Zsh"
    assert not prose.first_person("Oh My Zsh loads plugins on every start.")
    assert prose.first_person("Thanks Ana, My team uses Go.")


@pytest.mark.parametrize(
    "said",
    [
        "Theoretically, we should always reuse the parent color.",  # an idea to be tested
        "I have the impression the parser got slower since v2.1.",  # a suspicion
    ],
)
def test_ideas_and_suspicions_are_not_facts(said: str) -> None:
    assert _said(said) == []


@pytest.mark.parametrize(
    "said",
    [
        "The goal is to run Mistral on the VPS.",  # what this session is for
        "Tables are good now.",  # "now" dates a state, it does not make it a change
        "The --no-patch flag in v2 is also redundant.",  # a review remark
    ],
)
def test_a_sessions_aim_and_its_review_remarks_are_not_facts(said: str) -> None:
    assert classify(said, work=True).kind is None


def test_to_an_agent_at_work_what_the_user_wants_done_is_this_task() -> None:
    assert _agent_session("We keep three libraries in ~/src that I want to move into this repo.", tools=6) == []
    assert _agent_session("We keep three libraries in ~/src and deploy them with Helm 3.", tools=6) == [
        "The team keeps three libraries in ~/src."
    ]


def test_a_second_thing_wanted_is_still_wanted() -> None:
    """ "I want to learn Spanish and travel to Peru": the right side goes on the "want to", it is not done."""
    from ratchet.extract.clauses import clauses

    assert clauses("I want to learn Spanish and travel to Peru next year.") == [
        "I want to learn Spanish.",
        "I want to travel to Peru next year.",
    ]
    assert _said("I want to learn Spanish and travel to Peru next year.") == []  # not "The user travels to Peru"
    assert _said("I keep notes in Obsidian and use Zotero for papers.") == [
        "The user keeps notes in Obsidian.",
        "The user uses Zotero for papers.",
    ]


def test_to_an_agent_at_work_a_file_waiting_in_downloads_or_staged_changes_are_of_the_moment() -> None:
    assert _agent_session("The icon is at ~/Downloads/app_icon_v2.png.", tools=6) == []
    assert _agent_session("We have many changes staged for the v2 release.", tools=6) == []
    assert _agent_session("The full config is at ~/.config/posh/theme.omp.json.", tools=6) == [
        "The full config is at ~/.config/posh/theme.omp.json."
    ]


def test_contractions_typed_without_their_apostrophe_are_read_as_meant() -> None:
    assert _said("Im a nurse in Leeds.") == ["The user is a nurse in Leeds."]
    assert _said("I dont eat meat.") == ["The user doesn't eat meat."]
    assert _said("Hello lets make some adjustments.") == []  # a greeting, then a request
    assert _said("We met the Ive design team in 2019.") == ["The user met the Ive design team in 2019."]  # a name


@pytest.mark.parametrize(
    "said",
    [
        "Ive worked with him 5 years and am so tired of it.",  # who is he?
        "33.8 is 6.5 as well.",  # arithmetic
        "The difference between 14.3 and 20.8 is 6.5.",
        "Whose awareness is plural.",  # a question without its mark
    ],
)
def test_unnamed_people_arithmetic_and_unmarked_questions_are_not_facts(said: str) -> None:
    assert _said(said) == []


def test_a_person_named_before_the_pronoun_keeps_the_clause() -> None:
    assert _said("I visit my father every Sunday.") == ["The user visits their father every Sunday."]
    assert _said("I work with Tom on the billing team and he leads it.") == [
        "The user works with Tom on the billing team."
    ]


def test_in_a_work_session_what_something_always_or_never_is_is_a_convention() -> None:
    assert classify("Internal changes are never breaking changes.", work=True).kind == "rule"
    assert classify("Timestamps are always in UTC.", work=True).kind == "rule"
    assert classify("The build is always broken.", work=True).kind is None  # a complaint about the moment
    assert _agent_session("internal changes are never breaking changes, only configuration behaviour is.", tools=6) == [
        "Internal changes are never breaking changes, only configuration behaviour is."
    ]


def test_what_is_wanted_stays_wanted_and_news_and_words_are_not_facts() -> None:
    assert _said("i want small buttons also edit and delete with icons inside the card") == []  # not "deletes"
    assert _said("I need a new laptop and prefer ThinkPads.") == ["The user prefers ThinkPads."]
    assert _said("The word is Ruin.") == []  # a word of the conversation
    assert _said("The v7.6.0 release is out.") == []  # news of the moment


def test_in_a_work_session_still_is_a_state_and_the_agents_proposal_a_reaction() -> None:
    assert classify("Repos is still 0.", work=True).kind is None  # how things stand while the work goes on
    assert classify("I like the proposal wiring.", work=True).kind is None  # the agent's proposal
    assert classify("Our main branch is protected.", work=True).kind == "project"


def test_a_pasted_compiler_diagnostic_and_someone_elses_wish_are_not_facts() -> None:
    diagnostic = "Element implicitly has an 'any' type because expression of type 'any' can't index it. (ts 7053)"
    assert _said(diagnostic) == []
    assert prose.pasted_line("src/main.rs: error[E0308]: mismatched types")
    assert _said("An investment firm wants to evaluate PC game publishers for acquisition.") == []
    assert _said("I use TypeScript 5.4 with strict mode.") == ["The user uses TypeScript 5.4 with strict mode."]


def test_to_an_agent_at_work_the_next_step_a_bug_and_a_numbered_answer_are_of_the_session() -> None:
    """From the eighth blind check (0 of 6 good among what the newly read OpenCode, Pi and Cursor sessions stored)."""
    assert _agent_session("I'm going to use the reviewer tool on this.", tools=6) == []
    assert _agent_session("We have a pnpm run lint error in the web package.", tools=6) == []
    assert _agent_session("I have the user stored in Supabase but the same user cannot log in.", tools=6) == []
    assert _agent_session("q2) templates are always hosted. q3) yeah seam is just language.", tools=6) == []
    assert _agent_session("We always deploy the web package with Kamal.", tools=6) == [
        "The team always deploys the web package with Kamal."
    ]
    # Said in a chat, a plan is the user's: "I am going to play a game of Civilization V" stays.
    assert _said("I am going to play a single player game of Civilization V.") == [
        "The user is going to play a single player game of Civilization V."
    ]


def test_the_assistants_words_pasted_back_and_one_evenings_events_are_not_the_users_facts() -> None:
    """From the third blind chat check: a dating bio and a lyric the assistant wrote, pasted back by the user, were
    stored as the user's traits; "last night", "tonight", "today than yesterday" are one evening's or one day's."""
    bio = "I am an outdoor enthusiast who loves fishing, diving, swimming, and exploring new places."
    turns = [
        Turn("user", "Write me a dating bio."),
        Turn("assistant", f"Here is a draft: {bio} I have a big personality."),
        Turn("user", f"Perfect. {bio} Also, I live in Cebu and I work as a nurse."),
    ]
    facts = [c.content for c in offline.extract(turns, Config().categories, "casual")]
    assert facts == ["The user lives in Cebu.", "The user works as a nurse."]
    assert _said("I explained spirits to my son last night.") == []
    assert _said("I hurt less today than I did yesterday.") == []
    assert _said("I moved to Porto last night.") == ["The user moved to Porto last night."]
