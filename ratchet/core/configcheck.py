"""Generated from ratchet/schema/config.schema.json by ``python -m ratchet.core.schema``: do not edit."""

# ruff: noqa
# mypy: ignore-errors
# fmt: off
VERSION = "2.22.3"
from decimal import Decimal
import re
class JsonSchemaValueException(ValueError):
    """A record that does not match the schema (the shape fastjsonschema's generated code raises)."""

    def __init__(self, message, value=None, name=None, definition=None, rule=None):
        super().__init__(message)
        self.message, self.value, self.name, self.definition, self.rule = message, value, name, definition, rule


JsonSchemaValuesException = JsonSchemaValueException


REGEX_PATTERNS = {
    '^[a-z0-9][a-z0-9_-]*(?!\\n)$': re.compile('^[a-z0-9][a-z0-9_-]*(?!\\n)\\Z'),
    '^https?://': re.compile('^https?://')
}

NoneType = type(None)

def validate_https___ratchet_memory_dev_schema_config_schema_json(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'https://json-schema.org/draft/2020-12/schema', '$id': 'https://ratchet-memory.dev/schema/config.schema.json', 'title': 'ratchet.config.json', 'description': "Every key is optional; missing keys take the defaults of ratchet/config.py (the spec's values).", 'type': 'object', 'additionalProperties': False, 'properties': {'$schema': {'type': 'string'}, 'categories': {'type': 'object', 'description': 'category -> base weight', 'minProperties': 1, 'propertyNames': {'pattern': '^[a-z0-9][a-z0-9_-]*(?!\\n)$'}, 'additionalProperties': {'type': 'number', 'minimum': 0, 'maximum': 1}}, 'default_category': {'type': 'string'}, 'modifiers': {'type': 'object', 'additionalProperties': False, 'properties': {'explicit_remember': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'action_required': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'untrusted_factor': {'type': 'number', 'minimum': 0, 'maximum': 1}}}, 'recency': {'type': 'object', 'additionalProperties': False, 'properties': {'half_life_days': {'type': 'number', 'exclusiveMinimum': 0}, 'floor': {'type': 'object', 'additionalProperties': False, 'properties': {'standard': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'transient': {'type': 'number', 'minimum': 0, 'maximum': 1}}}}}, 'decay': {'type': 'object', 'additionalProperties': False, 'properties': {'standard_weekly': {'type': 'number', 'exclusiveMinimum': 0, 'maximum': 1}, 'transient_weekly': {'type': 'number', 'exclusiveMinimum': 0, 'maximum': 1}}}, 'reinforcement': {'type': 'object', 'additionalProperties': False, 'properties': {'factor': {'type': 'number', 'minimum': 1, 'maximum': 3}}}, 'promotion': {'type': 'object', 'additionalProperties': False, 'properties': {'min_importance': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'min_references': {'type': 'integer', 'minimum': 0}, 'untrusted_min_importance': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'untrusted_min_references': {'type': 'integer', 'minimum': 0}}}, 'purge': {'type': 'object', 'additionalProperties': False, 'properties': {'threshold': {'type': 'number', 'minimum': 0, 'maximum': 1}}}, 'retrieval': {'type': 'object', 'additionalProperties': False, 'properties': {'mode': {'enum': ['auto', 'llm', 'embeddings', 'keyword']}, 'min_facts': {'type': 'integer', 'minimum': 0}, 'max_facts': {'type': 'integer', 'minimum': 1}, 'token_budget': {'type': 'integer', 'minimum': 50}, 'max_chars': {'type': 'integer', 'minimum': 200, 'maximum': 9000}, 'llm_candidates': {'type': 'integer', 'minimum': 1, 'maximum': 1000}, 'prompt_relevance_threshold': {'type': 'number', 'minimum': 0}, 'prompt_mode': {'enum': ['keyword', 'embeddings'], 'description': 'Relevance of per-prompt recall when --mode is not given: keyword skips loading the embedding tokenizer (about 50 ms a prompt).'}, 'prior_weight': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'cosine_weight': {'type': ['number', 'null'], 'minimum': 0, 'maximum': 1, 'description': "Share of the cosine in hybrid relevance; null: the embedding model's own default (0.1 wordllama/OpenAI, 0.4 all-MiniLM-L6-v2, 0.5 all-mpnet-base-v2)."}, 'min_relevance': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'relative_cutoff': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'context_spread': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'context_weight': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'reply_weight': {'type': 'number', 'minimum': 0, 'maximum': 1, 'description': "Share of a question's relevance lent to the line after it in the same session (its reply); 0 turns it off."}, 'session_weight': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'session_cosine_weight': {'type': ['number', 'null'], 'minimum': 0, 'maximum': 1, 'description': "Share of its session's best cosine lent to every fact of the session; null: the embedding model's own default (0.2 all-mpnet-base-v2, 0 otherwise)."}, 'feedback_weight': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'feedback_docs': {'type': 'integer', 'minimum': 1, 'maximum': 100}, 'feedback_terms': {'type': 'integer', 'minimum': 1, 'maximum': 200}}}, 'embeddings': {'type': 'object', 'additionalProperties': False, 'properties': {'backend': {'enum': ['auto', 'openai', 'local', 'tfidf']}, 'threshold': {'type': 'integer', 'minimum': 0}, 'openai_model': {'type': 'string', 'minLength': 1}, 'dimensions': {'type': ['integer', 'null'], 'minimum': 1}, 'local_model': {'type': 'string', 'minLength': 1}, 'runtime': {'enum': ['auto', 'onnxruntime', 'numpy'], 'description': "What runs a fetched transformer model's layers: onnxruntime (2-3x faster), numpy, or auto (numpy for the first few texts of a process, then onnxruntime when it is installed and loads the graph)."}}}, 'llm': {'type': 'object', 'additionalProperties': False, 'properties': {'base_url': {'type': ['string', 'null'], 'pattern': '^https?://'}, 'api_key_env': {'type': 'string', 'minLength': 1}, 'model': {'type': 'string', 'minLength': 1}, 'timeout_seconds': {'type': 'number', 'exclusiveMinimum': 0, 'maximum': 600}, 'max_retries': {'type': 'integer', 'minimum': 0, 'maximum': 10}, 'backend': {'enum': ['openai', 'claude-cli', 'codex-cli', 'gemini-cli', 'auto'], 'description': 'Who runs LLM extraction: the OpenAI-compatible endpoint (base_url / key), the signed-in agent CLI run headless (claude -p, codex exec, gemini -p), or auto: the agent that wrote the transcript when its CLI is on PATH, else the endpoint when configured, else offline. Your own config only: it runs a program.'}, 'daily_token_cap': {'type': 'integer', 'minimum': 0, 'description': 'Most tokens the agent-CLI backends may spend a day (UTC), counted in state/llm-usage.json; past it extraction falls back to the offline extractor.'}}}, 'extraction': {'type': 'object', 'additionalProperties': False, 'properties': {'mode': {'enum': ['auto', 'llm', 'offline']}, 'model': {'type': ['string', 'null']}, 'chunk_chars': {'type': 'integer', 'minimum': 2000, 'maximum': 2000000}, 'chunk_overlap_chars': {'type': 'integer', 'minimum': 0, 'maximum': 100000}, 'max_facts_per_chunk': {'type': 'integer', 'minimum': 1, 'maximum': 500}, 'similar_facts_shown': {'type': 'integer', 'minimum': 0, 'maximum': 200}, 'sync_embeddings': {'type': 'boolean'}, 'review': {'enum': ['off', 'uncertain', 'all']}, 'review_days': {'type': 'integer', 'minimum': 1, 'maximum': 3650}}}, 'skill_injection': {'type': 'boolean'}, 'memory_dir': {'type': ['string', 'null']}, 'manage': {'type': 'object', 'additionalProperties': False, 'properties': {'events_keep_days': {'type': 'number', 'minimum': 0}, 'contradiction_top_k': {'type': 'integer', 'minimum': 1, 'maximum': 50}, 'contradiction_min_similarity': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'contradiction_min_similarity_embeddings': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'contradiction_max_queries': {'type': 'integer', 'minimum': 0}, 'contradiction_max_pairs': {'type': 'integer', 'minimum': 0}, 'llm_contradictions': {'type': 'boolean'}, 'report_plot': {'type': 'boolean'}}}}}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data_keys = set(data.keys())
        if "$schema" in data_keys:
            data_keys.remove("$schema")
            data__schema = data["$schema"]
            if not isinstance(data__schema, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".$schema must be string", value=data__schema, name="" + (name_prefix or "data") + ".$schema", definition={'type': 'string'}, rule='type')
        if "categories" in data_keys:
            data_keys.remove("categories")
            data__categories = data["categories"]
            if not isinstance(data__categories, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".categories must be object", value=data__categories, name="" + (name_prefix or "data") + ".categories", definition={'type': 'object', 'description': 'category -> base weight', 'minProperties': 1, 'propertyNames': {'pattern': '^[a-z0-9][a-z0-9_-]*(?!\\n)$'}, 'additionalProperties': {'type': 'number', 'minimum': 0, 'maximum': 1}}, rule='type')
            data__categories_is_dict = isinstance(data__categories, dict)
            if data__categories_is_dict:
                data__categories_len = len(data__categories)
                if data__categories_len < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".categories must contain at least 1 properties", value=data__categories, name="" + (name_prefix or "data") + ".categories", definition={'type': 'object', 'description': 'category -> base weight', 'minProperties': 1, 'propertyNames': {'pattern': '^[a-z0-9][a-z0-9_-]*(?!\\n)$'}, 'additionalProperties': {'type': 'number', 'minimum': 0, 'maximum': 1}}, rule='minProperties')
                data__categories_keys = set(data__categories.keys())
                for data__categories_key in data__categories_keys:
                    if data__categories_key not in []:
                        data__categories_value = data__categories.get(data__categories_key)
                        if not isinstance(data__categories_value, (int, float, Decimal)) or isinstance(data__categories_value, bool):
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".categories.{data__categories_key}".format(**locals()) + " must be number", value=data__categories_value, name="" + (name_prefix or "data") + ".categories.{data__categories_key}".format(**locals()) + "", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='type')
                        if isinstance(data__categories_value, (int, float, Decimal)) and not isinstance(data__categories_value, bool):
                            if data__categories_value < 0:
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".categories.{data__categories_key}".format(**locals()) + " must be bigger than or equal to 0", value=data__categories_value, name="" + (name_prefix or "data") + ".categories.{data__categories_key}".format(**locals()) + "", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='minimum')
                            if data__categories_value > 1:
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".categories.{data__categories_key}".format(**locals()) + " must be smaller than or equal to 1", value=data__categories_value, name="" + (name_prefix or "data") + ".categories.{data__categories_key}".format(**locals()) + "", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='maximum')
                if data__categories_len != 0:
                    data__categories_property_names = True
                    for data__categories_key in data__categories:
                        try:
                            if isinstance(data__categories_key, str):
                                if not REGEX_PATTERNS['^[a-z0-9][a-z0-9_-]*(?!\\n)$'].search(data__categories_key):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".categories must match pattern ^[a-z0-9][a-z0-9_-]*(?!\\n)$", value=data__categories_key, name="" + (name_prefix or "data") + ".categories", definition={'pattern': '^[a-z0-9][a-z0-9_-]*(?!\\n)$'}, rule='pattern')
                        except (JsonSchemaValueException, JsonSchemaValuesException):
                            data__categories_property_names = False
                    if not data__categories_property_names:
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".categories must be named by propertyName definition", value=data__categories, name="" + (name_prefix or "data") + ".categories", definition={'type': 'object', 'description': 'category -> base weight', 'minProperties': 1, 'propertyNames': {'pattern': '^[a-z0-9][a-z0-9_-]*(?!\\n)$'}, 'additionalProperties': {'type': 'number', 'minimum': 0, 'maximum': 1}}, rule='propertyNames')
        if "default_category" in data_keys:
            data_keys.remove("default_category")
            data__defaultcategory = data["default_category"]
            if not isinstance(data__defaultcategory, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".default_category must be string", value=data__defaultcategory, name="" + (name_prefix or "data") + ".default_category", definition={'type': 'string'}, rule='type')
        if "modifiers" in data_keys:
            data_keys.remove("modifiers")
            data__modifiers = data["modifiers"]
            if not isinstance(data__modifiers, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".modifiers must be object", value=data__modifiers, name="" + (name_prefix or "data") + ".modifiers", definition={'type': 'object', 'additionalProperties': False, 'properties': {'explicit_remember': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'action_required': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'untrusted_factor': {'type': 'number', 'minimum': 0, 'maximum': 1}}}, rule='type')
            data__modifiers_is_dict = isinstance(data__modifiers, dict)
            if data__modifiers_is_dict:
                data__modifiers_keys = set(data__modifiers.keys())
                if "explicit_remember" in data__modifiers_keys:
                    data__modifiers_keys.remove("explicit_remember")
                    data__modifiers__explicitremember = data__modifiers["explicit_remember"]
                    if not isinstance(data__modifiers__explicitremember, (int, float, Decimal)) or isinstance(data__modifiers__explicitremember, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".modifiers.explicit_remember must be number", value=data__modifiers__explicitremember, name="" + (name_prefix or "data") + ".modifiers.explicit_remember", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='type')
                    if isinstance(data__modifiers__explicitremember, (int, float, Decimal)) and not isinstance(data__modifiers__explicitremember, bool):
                        if data__modifiers__explicitremember < 0:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".modifiers.explicit_remember must be bigger than or equal to 0", value=data__modifiers__explicitremember, name="" + (name_prefix or "data") + ".modifiers.explicit_remember", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='minimum')
                        if data__modifiers__explicitremember > 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".modifiers.explicit_remember must be smaller than or equal to 1", value=data__modifiers__explicitremember, name="" + (name_prefix or "data") + ".modifiers.explicit_remember", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='maximum')
                if "action_required" in data__modifiers_keys:
                    data__modifiers_keys.remove("action_required")
                    data__modifiers__actionrequired = data__modifiers["action_required"]
                    if not isinstance(data__modifiers__actionrequired, (int, float, Decimal)) or isinstance(data__modifiers__actionrequired, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".modifiers.action_required must be number", value=data__modifiers__actionrequired, name="" + (name_prefix or "data") + ".modifiers.action_required", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='type')
                    if isinstance(data__modifiers__actionrequired, (int, float, Decimal)) and not isinstance(data__modifiers__actionrequired, bool):
                        if data__modifiers__actionrequired < 0:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".modifiers.action_required must be bigger than or equal to 0", value=data__modifiers__actionrequired, name="" + (name_prefix or "data") + ".modifiers.action_required", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='minimum')
                        if data__modifiers__actionrequired > 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".modifiers.action_required must be smaller than or equal to 1", value=data__modifiers__actionrequired, name="" + (name_prefix or "data") + ".modifiers.action_required", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='maximum')
                if "untrusted_factor" in data__modifiers_keys:
                    data__modifiers_keys.remove("untrusted_factor")
                    data__modifiers__untrustedfactor = data__modifiers["untrusted_factor"]
                    if not isinstance(data__modifiers__untrustedfactor, (int, float, Decimal)) or isinstance(data__modifiers__untrustedfactor, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".modifiers.untrusted_factor must be number", value=data__modifiers__untrustedfactor, name="" + (name_prefix or "data") + ".modifiers.untrusted_factor", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='type')
                    if isinstance(data__modifiers__untrustedfactor, (int, float, Decimal)) and not isinstance(data__modifiers__untrustedfactor, bool):
                        if data__modifiers__untrustedfactor < 0:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".modifiers.untrusted_factor must be bigger than or equal to 0", value=data__modifiers__untrustedfactor, name="" + (name_prefix or "data") + ".modifiers.untrusted_factor", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='minimum')
                        if data__modifiers__untrustedfactor > 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".modifiers.untrusted_factor must be smaller than or equal to 1", value=data__modifiers__untrustedfactor, name="" + (name_prefix or "data") + ".modifiers.untrusted_factor", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='maximum')
                if data__modifiers_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".modifiers must not contain "+str(data__modifiers_keys)+" properties", value=data__modifiers, name="" + (name_prefix or "data") + ".modifiers", definition={'type': 'object', 'additionalProperties': False, 'properties': {'explicit_remember': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'action_required': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'untrusted_factor': {'type': 'number', 'minimum': 0, 'maximum': 1}}}, rule='additionalProperties')
        if "recency" in data_keys:
            data_keys.remove("recency")
            data__recency = data["recency"]
            if not isinstance(data__recency, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".recency must be object", value=data__recency, name="" + (name_prefix or "data") + ".recency", definition={'type': 'object', 'additionalProperties': False, 'properties': {'half_life_days': {'type': 'number', 'exclusiveMinimum': 0}, 'floor': {'type': 'object', 'additionalProperties': False, 'properties': {'standard': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'transient': {'type': 'number', 'minimum': 0, 'maximum': 1}}}}}, rule='type')
            data__recency_is_dict = isinstance(data__recency, dict)
            if data__recency_is_dict:
                data__recency_keys = set(data__recency.keys())
                if "half_life_days" in data__recency_keys:
                    data__recency_keys.remove("half_life_days")
                    data__recency__halflifedays = data__recency["half_life_days"]
                    if not isinstance(data__recency__halflifedays, (int, float, Decimal)) or isinstance(data__recency__halflifedays, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".recency.half_life_days must be number", value=data__recency__halflifedays, name="" + (name_prefix or "data") + ".recency.half_life_days", definition={'type': 'number', 'exclusiveMinimum': 0}, rule='type')
                    if isinstance(data__recency__halflifedays, (int, float, Decimal)) and not isinstance(data__recency__halflifedays, bool):
                        if data__recency__halflifedays <= 0:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".recency.half_life_days must be bigger than 0", value=data__recency__halflifedays, name="" + (name_prefix or "data") + ".recency.half_life_days", definition={'type': 'number', 'exclusiveMinimum': 0}, rule='exclusiveMinimum')
                if "floor" in data__recency_keys:
                    data__recency_keys.remove("floor")
                    data__recency__floor = data__recency["floor"]
                    if not isinstance(data__recency__floor, (dict)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".recency.floor must be object", value=data__recency__floor, name="" + (name_prefix or "data") + ".recency.floor", definition={'type': 'object', 'additionalProperties': False, 'properties': {'standard': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'transient': {'type': 'number', 'minimum': 0, 'maximum': 1}}}, rule='type')
                    data__recency__floor_is_dict = isinstance(data__recency__floor, dict)
                    if data__recency__floor_is_dict:
                        data__recency__floor_keys = set(data__recency__floor.keys())
                        if "standard" in data__recency__floor_keys:
                            data__recency__floor_keys.remove("standard")
                            data__recency__floor__standard = data__recency__floor["standard"]
                            if not isinstance(data__recency__floor__standard, (int, float, Decimal)) or isinstance(data__recency__floor__standard, bool):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".recency.floor.standard must be number", value=data__recency__floor__standard, name="" + (name_prefix or "data") + ".recency.floor.standard", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='type')
                            if isinstance(data__recency__floor__standard, (int, float, Decimal)) and not isinstance(data__recency__floor__standard, bool):
                                if data__recency__floor__standard < 0:
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".recency.floor.standard must be bigger than or equal to 0", value=data__recency__floor__standard, name="" + (name_prefix or "data") + ".recency.floor.standard", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='minimum')
                                if data__recency__floor__standard > 1:
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".recency.floor.standard must be smaller than or equal to 1", value=data__recency__floor__standard, name="" + (name_prefix or "data") + ".recency.floor.standard", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='maximum')
                        if "transient" in data__recency__floor_keys:
                            data__recency__floor_keys.remove("transient")
                            data__recency__floor__transient = data__recency__floor["transient"]
                            if not isinstance(data__recency__floor__transient, (int, float, Decimal)) or isinstance(data__recency__floor__transient, bool):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".recency.floor.transient must be number", value=data__recency__floor__transient, name="" + (name_prefix or "data") + ".recency.floor.transient", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='type')
                            if isinstance(data__recency__floor__transient, (int, float, Decimal)) and not isinstance(data__recency__floor__transient, bool):
                                if data__recency__floor__transient < 0:
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".recency.floor.transient must be bigger than or equal to 0", value=data__recency__floor__transient, name="" + (name_prefix or "data") + ".recency.floor.transient", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='minimum')
                                if data__recency__floor__transient > 1:
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".recency.floor.transient must be smaller than or equal to 1", value=data__recency__floor__transient, name="" + (name_prefix or "data") + ".recency.floor.transient", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='maximum')
                        if data__recency__floor_keys:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".recency.floor must not contain "+str(data__recency__floor_keys)+" properties", value=data__recency__floor, name="" + (name_prefix or "data") + ".recency.floor", definition={'type': 'object', 'additionalProperties': False, 'properties': {'standard': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'transient': {'type': 'number', 'minimum': 0, 'maximum': 1}}}, rule='additionalProperties')
                if data__recency_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".recency must not contain "+str(data__recency_keys)+" properties", value=data__recency, name="" + (name_prefix or "data") + ".recency", definition={'type': 'object', 'additionalProperties': False, 'properties': {'half_life_days': {'type': 'number', 'exclusiveMinimum': 0}, 'floor': {'type': 'object', 'additionalProperties': False, 'properties': {'standard': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'transient': {'type': 'number', 'minimum': 0, 'maximum': 1}}}}}, rule='additionalProperties')
        if "decay" in data_keys:
            data_keys.remove("decay")
            data__decay = data["decay"]
            if not isinstance(data__decay, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".decay must be object", value=data__decay, name="" + (name_prefix or "data") + ".decay", definition={'type': 'object', 'additionalProperties': False, 'properties': {'standard_weekly': {'type': 'number', 'exclusiveMinimum': 0, 'maximum': 1}, 'transient_weekly': {'type': 'number', 'exclusiveMinimum': 0, 'maximum': 1}}}, rule='type')
            data__decay_is_dict = isinstance(data__decay, dict)
            if data__decay_is_dict:
                data__decay_keys = set(data__decay.keys())
                if "standard_weekly" in data__decay_keys:
                    data__decay_keys.remove("standard_weekly")
                    data__decay__standardweekly = data__decay["standard_weekly"]
                    if not isinstance(data__decay__standardweekly, (int, float, Decimal)) or isinstance(data__decay__standardweekly, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".decay.standard_weekly must be number", value=data__decay__standardweekly, name="" + (name_prefix or "data") + ".decay.standard_weekly", definition={'type': 'number', 'exclusiveMinimum': 0, 'maximum': 1}, rule='type')
                    if isinstance(data__decay__standardweekly, (int, float, Decimal)) and not isinstance(data__decay__standardweekly, bool):
                        if data__decay__standardweekly > 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".decay.standard_weekly must be smaller than or equal to 1", value=data__decay__standardweekly, name="" + (name_prefix or "data") + ".decay.standard_weekly", definition={'type': 'number', 'exclusiveMinimum': 0, 'maximum': 1}, rule='maximum')
                        if data__decay__standardweekly <= 0:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".decay.standard_weekly must be bigger than 0", value=data__decay__standardweekly, name="" + (name_prefix or "data") + ".decay.standard_weekly", definition={'type': 'number', 'exclusiveMinimum': 0, 'maximum': 1}, rule='exclusiveMinimum')
                if "transient_weekly" in data__decay_keys:
                    data__decay_keys.remove("transient_weekly")
                    data__decay__transientweekly = data__decay["transient_weekly"]
                    if not isinstance(data__decay__transientweekly, (int, float, Decimal)) or isinstance(data__decay__transientweekly, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".decay.transient_weekly must be number", value=data__decay__transientweekly, name="" + (name_prefix or "data") + ".decay.transient_weekly", definition={'type': 'number', 'exclusiveMinimum': 0, 'maximum': 1}, rule='type')
                    if isinstance(data__decay__transientweekly, (int, float, Decimal)) and not isinstance(data__decay__transientweekly, bool):
                        if data__decay__transientweekly > 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".decay.transient_weekly must be smaller than or equal to 1", value=data__decay__transientweekly, name="" + (name_prefix or "data") + ".decay.transient_weekly", definition={'type': 'number', 'exclusiveMinimum': 0, 'maximum': 1}, rule='maximum')
                        if data__decay__transientweekly <= 0:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".decay.transient_weekly must be bigger than 0", value=data__decay__transientweekly, name="" + (name_prefix or "data") + ".decay.transient_weekly", definition={'type': 'number', 'exclusiveMinimum': 0, 'maximum': 1}, rule='exclusiveMinimum')
                if data__decay_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".decay must not contain "+str(data__decay_keys)+" properties", value=data__decay, name="" + (name_prefix or "data") + ".decay", definition={'type': 'object', 'additionalProperties': False, 'properties': {'standard_weekly': {'type': 'number', 'exclusiveMinimum': 0, 'maximum': 1}, 'transient_weekly': {'type': 'number', 'exclusiveMinimum': 0, 'maximum': 1}}}, rule='additionalProperties')
        if "reinforcement" in data_keys:
            data_keys.remove("reinforcement")
            data__reinforcement = data["reinforcement"]
            if not isinstance(data__reinforcement, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".reinforcement must be object", value=data__reinforcement, name="" + (name_prefix or "data") + ".reinforcement", definition={'type': 'object', 'additionalProperties': False, 'properties': {'factor': {'type': 'number', 'minimum': 1, 'maximum': 3}}}, rule='type')
            data__reinforcement_is_dict = isinstance(data__reinforcement, dict)
            if data__reinforcement_is_dict:
                data__reinforcement_keys = set(data__reinforcement.keys())
                if "factor" in data__reinforcement_keys:
                    data__reinforcement_keys.remove("factor")
                    data__reinforcement__factor = data__reinforcement["factor"]
                    if not isinstance(data__reinforcement__factor, (int, float, Decimal)) or isinstance(data__reinforcement__factor, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".reinforcement.factor must be number", value=data__reinforcement__factor, name="" + (name_prefix or "data") + ".reinforcement.factor", definition={'type': 'number', 'minimum': 1, 'maximum': 3}, rule='type')
                    if isinstance(data__reinforcement__factor, (int, float, Decimal)) and not isinstance(data__reinforcement__factor, bool):
                        if data__reinforcement__factor < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".reinforcement.factor must be bigger than or equal to 1", value=data__reinforcement__factor, name="" + (name_prefix or "data") + ".reinforcement.factor", definition={'type': 'number', 'minimum': 1, 'maximum': 3}, rule='minimum')
                        if data__reinforcement__factor > 3:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".reinforcement.factor must be smaller than or equal to 3", value=data__reinforcement__factor, name="" + (name_prefix or "data") + ".reinforcement.factor", definition={'type': 'number', 'minimum': 1, 'maximum': 3}, rule='maximum')
                if data__reinforcement_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".reinforcement must not contain "+str(data__reinforcement_keys)+" properties", value=data__reinforcement, name="" + (name_prefix or "data") + ".reinforcement", definition={'type': 'object', 'additionalProperties': False, 'properties': {'factor': {'type': 'number', 'minimum': 1, 'maximum': 3}}}, rule='additionalProperties')
        if "promotion" in data_keys:
            data_keys.remove("promotion")
            data__promotion = data["promotion"]
            if not isinstance(data__promotion, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".promotion must be object", value=data__promotion, name="" + (name_prefix or "data") + ".promotion", definition={'type': 'object', 'additionalProperties': False, 'properties': {'min_importance': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'min_references': {'type': 'integer', 'minimum': 0}, 'untrusted_min_importance': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'untrusted_min_references': {'type': 'integer', 'minimum': 0}}}, rule='type')
            data__promotion_is_dict = isinstance(data__promotion, dict)
            if data__promotion_is_dict:
                data__promotion_keys = set(data__promotion.keys())
                if "min_importance" in data__promotion_keys:
                    data__promotion_keys.remove("min_importance")
                    data__promotion__minimportance = data__promotion["min_importance"]
                    if not isinstance(data__promotion__minimportance, (int, float, Decimal)) or isinstance(data__promotion__minimportance, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".promotion.min_importance must be number", value=data__promotion__minimportance, name="" + (name_prefix or "data") + ".promotion.min_importance", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='type')
                    if isinstance(data__promotion__minimportance, (int, float, Decimal)) and not isinstance(data__promotion__minimportance, bool):
                        if data__promotion__minimportance < 0:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".promotion.min_importance must be bigger than or equal to 0", value=data__promotion__minimportance, name="" + (name_prefix or "data") + ".promotion.min_importance", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='minimum')
                        if data__promotion__minimportance > 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".promotion.min_importance must be smaller than or equal to 1", value=data__promotion__minimportance, name="" + (name_prefix or "data") + ".promotion.min_importance", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='maximum')
                if "min_references" in data__promotion_keys:
                    data__promotion_keys.remove("min_references")
                    data__promotion__minreferences = data__promotion["min_references"]
                    if not isinstance(data__promotion__minreferences, (int)) and not (isinstance(data__promotion__minreferences, float) and data__promotion__minreferences.is_integer()) or isinstance(data__promotion__minreferences, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".promotion.min_references must be integer", value=data__promotion__minreferences, name="" + (name_prefix or "data") + ".promotion.min_references", definition={'type': 'integer', 'minimum': 0}, rule='type')
                    if isinstance(data__promotion__minreferences, (int, float, Decimal)) and not isinstance(data__promotion__minreferences, bool):
                        if data__promotion__minreferences < 0:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".promotion.min_references must be bigger than or equal to 0", value=data__promotion__minreferences, name="" + (name_prefix or "data") + ".promotion.min_references", definition={'type': 'integer', 'minimum': 0}, rule='minimum')
                if "untrusted_min_importance" in data__promotion_keys:
                    data__promotion_keys.remove("untrusted_min_importance")
                    data__promotion__untrustedminimportance = data__promotion["untrusted_min_importance"]
                    if not isinstance(data__promotion__untrustedminimportance, (int, float, Decimal)) or isinstance(data__promotion__untrustedminimportance, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".promotion.untrusted_min_importance must be number", value=data__promotion__untrustedminimportance, name="" + (name_prefix or "data") + ".promotion.untrusted_min_importance", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='type')
                    if isinstance(data__promotion__untrustedminimportance, (int, float, Decimal)) and not isinstance(data__promotion__untrustedminimportance, bool):
                        if data__promotion__untrustedminimportance < 0:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".promotion.untrusted_min_importance must be bigger than or equal to 0", value=data__promotion__untrustedminimportance, name="" + (name_prefix or "data") + ".promotion.untrusted_min_importance", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='minimum')
                        if data__promotion__untrustedminimportance > 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".promotion.untrusted_min_importance must be smaller than or equal to 1", value=data__promotion__untrustedminimportance, name="" + (name_prefix or "data") + ".promotion.untrusted_min_importance", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='maximum')
                if "untrusted_min_references" in data__promotion_keys:
                    data__promotion_keys.remove("untrusted_min_references")
                    data__promotion__untrustedminreferences = data__promotion["untrusted_min_references"]
                    if not isinstance(data__promotion__untrustedminreferences, (int)) and not (isinstance(data__promotion__untrustedminreferences, float) and data__promotion__untrustedminreferences.is_integer()) or isinstance(data__promotion__untrustedminreferences, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".promotion.untrusted_min_references must be integer", value=data__promotion__untrustedminreferences, name="" + (name_prefix or "data") + ".promotion.untrusted_min_references", definition={'type': 'integer', 'minimum': 0}, rule='type')
                    if isinstance(data__promotion__untrustedminreferences, (int, float, Decimal)) and not isinstance(data__promotion__untrustedminreferences, bool):
                        if data__promotion__untrustedminreferences < 0:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".promotion.untrusted_min_references must be bigger than or equal to 0", value=data__promotion__untrustedminreferences, name="" + (name_prefix or "data") + ".promotion.untrusted_min_references", definition={'type': 'integer', 'minimum': 0}, rule='minimum')
                if data__promotion_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".promotion must not contain "+str(data__promotion_keys)+" properties", value=data__promotion, name="" + (name_prefix or "data") + ".promotion", definition={'type': 'object', 'additionalProperties': False, 'properties': {'min_importance': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'min_references': {'type': 'integer', 'minimum': 0}, 'untrusted_min_importance': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'untrusted_min_references': {'type': 'integer', 'minimum': 0}}}, rule='additionalProperties')
        if "purge" in data_keys:
            data_keys.remove("purge")
            data__purge = data["purge"]
            if not isinstance(data__purge, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".purge must be object", value=data__purge, name="" + (name_prefix or "data") + ".purge", definition={'type': 'object', 'additionalProperties': False, 'properties': {'threshold': {'type': 'number', 'minimum': 0, 'maximum': 1}}}, rule='type')
            data__purge_is_dict = isinstance(data__purge, dict)
            if data__purge_is_dict:
                data__purge_keys = set(data__purge.keys())
                if "threshold" in data__purge_keys:
                    data__purge_keys.remove("threshold")
                    data__purge__threshold = data__purge["threshold"]
                    if not isinstance(data__purge__threshold, (int, float, Decimal)) or isinstance(data__purge__threshold, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".purge.threshold must be number", value=data__purge__threshold, name="" + (name_prefix or "data") + ".purge.threshold", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='type')
                    if isinstance(data__purge__threshold, (int, float, Decimal)) and not isinstance(data__purge__threshold, bool):
                        if data__purge__threshold < 0:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".purge.threshold must be bigger than or equal to 0", value=data__purge__threshold, name="" + (name_prefix or "data") + ".purge.threshold", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='minimum')
                        if data__purge__threshold > 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".purge.threshold must be smaller than or equal to 1", value=data__purge__threshold, name="" + (name_prefix or "data") + ".purge.threshold", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='maximum')
                if data__purge_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".purge must not contain "+str(data__purge_keys)+" properties", value=data__purge, name="" + (name_prefix or "data") + ".purge", definition={'type': 'object', 'additionalProperties': False, 'properties': {'threshold': {'type': 'number', 'minimum': 0, 'maximum': 1}}}, rule='additionalProperties')
        if "retrieval" in data_keys:
            data_keys.remove("retrieval")
            data__retrieval = data["retrieval"]
            if not isinstance(data__retrieval, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval must be object", value=data__retrieval, name="" + (name_prefix or "data") + ".retrieval", definition={'type': 'object', 'additionalProperties': False, 'properties': {'mode': {'enum': ['auto', 'llm', 'embeddings', 'keyword']}, 'min_facts': {'type': 'integer', 'minimum': 0}, 'max_facts': {'type': 'integer', 'minimum': 1}, 'token_budget': {'type': 'integer', 'minimum': 50}, 'max_chars': {'type': 'integer', 'minimum': 200, 'maximum': 9000}, 'llm_candidates': {'type': 'integer', 'minimum': 1, 'maximum': 1000}, 'prompt_relevance_threshold': {'type': 'number', 'minimum': 0}, 'prompt_mode': {'enum': ['keyword', 'embeddings'], 'description': 'Relevance of per-prompt recall when --mode is not given: keyword skips loading the embedding tokenizer (about 50 ms a prompt).'}, 'prior_weight': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'cosine_weight': {'type': ['number', 'null'], 'minimum': 0, 'maximum': 1, 'description': "Share of the cosine in hybrid relevance; null: the embedding model's own default (0.1 wordllama/OpenAI, 0.4 all-MiniLM-L6-v2, 0.5 all-mpnet-base-v2)."}, 'min_relevance': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'relative_cutoff': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'context_spread': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'context_weight': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'reply_weight': {'type': 'number', 'minimum': 0, 'maximum': 1, 'description': "Share of a question's relevance lent to the line after it in the same session (its reply); 0 turns it off."}, 'session_weight': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'session_cosine_weight': {'type': ['number', 'null'], 'minimum': 0, 'maximum': 1, 'description': "Share of its session's best cosine lent to every fact of the session; null: the embedding model's own default (0.2 all-mpnet-base-v2, 0 otherwise)."}, 'feedback_weight': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'feedback_docs': {'type': 'integer', 'minimum': 1, 'maximum': 100}, 'feedback_terms': {'type': 'integer', 'minimum': 1, 'maximum': 200}}}, rule='type')
            data__retrieval_is_dict = isinstance(data__retrieval, dict)
            if data__retrieval_is_dict:
                data__retrieval_keys = set(data__retrieval.keys())
                if "mode" in data__retrieval_keys:
                    data__retrieval_keys.remove("mode")
                    data__retrieval__mode = data__retrieval["mode"]
                    if not (isinstance(data__retrieval__mode, str) and data__retrieval__mode == 'auto' or isinstance(data__retrieval__mode, str) and data__retrieval__mode == 'llm' or isinstance(data__retrieval__mode, str) and data__retrieval__mode == 'embeddings' or isinstance(data__retrieval__mode, str) and data__retrieval__mode == 'keyword'):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.mode must be one of ['auto', 'llm', 'embeddings', 'keyword']", value=data__retrieval__mode, name="" + (name_prefix or "data") + ".retrieval.mode", definition={'enum': ['auto', 'llm', 'embeddings', 'keyword']}, rule='enum')
                if "min_facts" in data__retrieval_keys:
                    data__retrieval_keys.remove("min_facts")
                    data__retrieval__minfacts = data__retrieval["min_facts"]
                    if not isinstance(data__retrieval__minfacts, (int)) and not (isinstance(data__retrieval__minfacts, float) and data__retrieval__minfacts.is_integer()) or isinstance(data__retrieval__minfacts, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.min_facts must be integer", value=data__retrieval__minfacts, name="" + (name_prefix or "data") + ".retrieval.min_facts", definition={'type': 'integer', 'minimum': 0}, rule='type')
                    if isinstance(data__retrieval__minfacts, (int, float, Decimal)) and not isinstance(data__retrieval__minfacts, bool):
                        if data__retrieval__minfacts < 0:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.min_facts must be bigger than or equal to 0", value=data__retrieval__minfacts, name="" + (name_prefix or "data") + ".retrieval.min_facts", definition={'type': 'integer', 'minimum': 0}, rule='minimum')
                if "max_facts" in data__retrieval_keys:
                    data__retrieval_keys.remove("max_facts")
                    data__retrieval__maxfacts = data__retrieval["max_facts"]
                    if not isinstance(data__retrieval__maxfacts, (int)) and not (isinstance(data__retrieval__maxfacts, float) and data__retrieval__maxfacts.is_integer()) or isinstance(data__retrieval__maxfacts, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.max_facts must be integer", value=data__retrieval__maxfacts, name="" + (name_prefix or "data") + ".retrieval.max_facts", definition={'type': 'integer', 'minimum': 1}, rule='type')
                    if isinstance(data__retrieval__maxfacts, (int, float, Decimal)) and not isinstance(data__retrieval__maxfacts, bool):
                        if data__retrieval__maxfacts < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.max_facts must be bigger than or equal to 1", value=data__retrieval__maxfacts, name="" + (name_prefix or "data") + ".retrieval.max_facts", definition={'type': 'integer', 'minimum': 1}, rule='minimum')
                if "token_budget" in data__retrieval_keys:
                    data__retrieval_keys.remove("token_budget")
                    data__retrieval__tokenbudget = data__retrieval["token_budget"]
                    if not isinstance(data__retrieval__tokenbudget, (int)) and not (isinstance(data__retrieval__tokenbudget, float) and data__retrieval__tokenbudget.is_integer()) or isinstance(data__retrieval__tokenbudget, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.token_budget must be integer", value=data__retrieval__tokenbudget, name="" + (name_prefix or "data") + ".retrieval.token_budget", definition={'type': 'integer', 'minimum': 50}, rule='type')
                    if isinstance(data__retrieval__tokenbudget, (int, float, Decimal)) and not isinstance(data__retrieval__tokenbudget, bool):
                        if data__retrieval__tokenbudget < 50:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.token_budget must be bigger than or equal to 50", value=data__retrieval__tokenbudget, name="" + (name_prefix or "data") + ".retrieval.token_budget", definition={'type': 'integer', 'minimum': 50}, rule='minimum')
                if "max_chars" in data__retrieval_keys:
                    data__retrieval_keys.remove("max_chars")
                    data__retrieval__maxchars = data__retrieval["max_chars"]
                    if not isinstance(data__retrieval__maxchars, (int)) and not (isinstance(data__retrieval__maxchars, float) and data__retrieval__maxchars.is_integer()) or isinstance(data__retrieval__maxchars, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.max_chars must be integer", value=data__retrieval__maxchars, name="" + (name_prefix or "data") + ".retrieval.max_chars", definition={'type': 'integer', 'minimum': 200, 'maximum': 9000}, rule='type')
                    if isinstance(data__retrieval__maxchars, (int, float, Decimal)) and not isinstance(data__retrieval__maxchars, bool):
                        if data__retrieval__maxchars < 200:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.max_chars must be bigger than or equal to 200", value=data__retrieval__maxchars, name="" + (name_prefix or "data") + ".retrieval.max_chars", definition={'type': 'integer', 'minimum': 200, 'maximum': 9000}, rule='minimum')
                        if data__retrieval__maxchars > 9000:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.max_chars must be smaller than or equal to 9000", value=data__retrieval__maxchars, name="" + (name_prefix or "data") + ".retrieval.max_chars", definition={'type': 'integer', 'minimum': 200, 'maximum': 9000}, rule='maximum')
                if "llm_candidates" in data__retrieval_keys:
                    data__retrieval_keys.remove("llm_candidates")
                    data__retrieval__llmcandidates = data__retrieval["llm_candidates"]
                    if not isinstance(data__retrieval__llmcandidates, (int)) and not (isinstance(data__retrieval__llmcandidates, float) and data__retrieval__llmcandidates.is_integer()) or isinstance(data__retrieval__llmcandidates, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.llm_candidates must be integer", value=data__retrieval__llmcandidates, name="" + (name_prefix or "data") + ".retrieval.llm_candidates", definition={'type': 'integer', 'minimum': 1, 'maximum': 1000}, rule='type')
                    if isinstance(data__retrieval__llmcandidates, (int, float, Decimal)) and not isinstance(data__retrieval__llmcandidates, bool):
                        if data__retrieval__llmcandidates < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.llm_candidates must be bigger than or equal to 1", value=data__retrieval__llmcandidates, name="" + (name_prefix or "data") + ".retrieval.llm_candidates", definition={'type': 'integer', 'minimum': 1, 'maximum': 1000}, rule='minimum')
                        if data__retrieval__llmcandidates > 1000:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.llm_candidates must be smaller than or equal to 1000", value=data__retrieval__llmcandidates, name="" + (name_prefix or "data") + ".retrieval.llm_candidates", definition={'type': 'integer', 'minimum': 1, 'maximum': 1000}, rule='maximum')
                if "prompt_relevance_threshold" in data__retrieval_keys:
                    data__retrieval_keys.remove("prompt_relevance_threshold")
                    data__retrieval__promptrelevancethreshold = data__retrieval["prompt_relevance_threshold"]
                    if not isinstance(data__retrieval__promptrelevancethreshold, (int, float, Decimal)) or isinstance(data__retrieval__promptrelevancethreshold, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.prompt_relevance_threshold must be number", value=data__retrieval__promptrelevancethreshold, name="" + (name_prefix or "data") + ".retrieval.prompt_relevance_threshold", definition={'type': 'number', 'minimum': 0}, rule='type')
                    if isinstance(data__retrieval__promptrelevancethreshold, (int, float, Decimal)) and not isinstance(data__retrieval__promptrelevancethreshold, bool):
                        if data__retrieval__promptrelevancethreshold < 0:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.prompt_relevance_threshold must be bigger than or equal to 0", value=data__retrieval__promptrelevancethreshold, name="" + (name_prefix or "data") + ".retrieval.prompt_relevance_threshold", definition={'type': 'number', 'minimum': 0}, rule='minimum')
                if "prompt_mode" in data__retrieval_keys:
                    data__retrieval_keys.remove("prompt_mode")
                    data__retrieval__promptmode = data__retrieval["prompt_mode"]
                    if not (isinstance(data__retrieval__promptmode, str) and data__retrieval__promptmode == 'keyword' or isinstance(data__retrieval__promptmode, str) and data__retrieval__promptmode == 'embeddings'):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.prompt_mode must be one of ['keyword', 'embeddings']", value=data__retrieval__promptmode, name="" + (name_prefix or "data") + ".retrieval.prompt_mode", definition={'enum': ['keyword', 'embeddings'], 'description': 'Relevance of per-prompt recall when --mode is not given: keyword skips loading the embedding tokenizer (about 50 ms a prompt).'}, rule='enum')
                if "prior_weight" in data__retrieval_keys:
                    data__retrieval_keys.remove("prior_weight")
                    data__retrieval__priorweight = data__retrieval["prior_weight"]
                    if not isinstance(data__retrieval__priorweight, (int, float, Decimal)) or isinstance(data__retrieval__priorweight, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.prior_weight must be number", value=data__retrieval__priorweight, name="" + (name_prefix or "data") + ".retrieval.prior_weight", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='type')
                    if isinstance(data__retrieval__priorweight, (int, float, Decimal)) and not isinstance(data__retrieval__priorweight, bool):
                        if data__retrieval__priorweight < 0:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.prior_weight must be bigger than or equal to 0", value=data__retrieval__priorweight, name="" + (name_prefix or "data") + ".retrieval.prior_weight", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='minimum')
                        if data__retrieval__priorweight > 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.prior_weight must be smaller than or equal to 1", value=data__retrieval__priorweight, name="" + (name_prefix or "data") + ".retrieval.prior_weight", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='maximum')
                if "cosine_weight" in data__retrieval_keys:
                    data__retrieval_keys.remove("cosine_weight")
                    data__retrieval__cosineweight = data__retrieval["cosine_weight"]
                    if not isinstance(data__retrieval__cosineweight, (int, float, Decimal, NoneType)) or isinstance(data__retrieval__cosineweight, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.cosine_weight must be number or null", value=data__retrieval__cosineweight, name="" + (name_prefix or "data") + ".retrieval.cosine_weight", definition={'type': ['number', 'null'], 'minimum': 0, 'maximum': 1, 'description': "Share of the cosine in hybrid relevance; null: the embedding model's own default (0.1 wordllama/OpenAI, 0.4 all-MiniLM-L6-v2, 0.5 all-mpnet-base-v2)."}, rule='type')
                    if isinstance(data__retrieval__cosineweight, (int, float, Decimal)) and not isinstance(data__retrieval__cosineweight, bool):
                        if data__retrieval__cosineweight < 0:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.cosine_weight must be bigger than or equal to 0", value=data__retrieval__cosineweight, name="" + (name_prefix or "data") + ".retrieval.cosine_weight", definition={'type': ['number', 'null'], 'minimum': 0, 'maximum': 1, 'description': "Share of the cosine in hybrid relevance; null: the embedding model's own default (0.1 wordllama/OpenAI, 0.4 all-MiniLM-L6-v2, 0.5 all-mpnet-base-v2)."}, rule='minimum')
                        if data__retrieval__cosineweight > 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.cosine_weight must be smaller than or equal to 1", value=data__retrieval__cosineweight, name="" + (name_prefix or "data") + ".retrieval.cosine_weight", definition={'type': ['number', 'null'], 'minimum': 0, 'maximum': 1, 'description': "Share of the cosine in hybrid relevance; null: the embedding model's own default (0.1 wordllama/OpenAI, 0.4 all-MiniLM-L6-v2, 0.5 all-mpnet-base-v2)."}, rule='maximum')
                if "min_relevance" in data__retrieval_keys:
                    data__retrieval_keys.remove("min_relevance")
                    data__retrieval__minrelevance = data__retrieval["min_relevance"]
                    if not isinstance(data__retrieval__minrelevance, (int, float, Decimal)) or isinstance(data__retrieval__minrelevance, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.min_relevance must be number", value=data__retrieval__minrelevance, name="" + (name_prefix or "data") + ".retrieval.min_relevance", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='type')
                    if isinstance(data__retrieval__minrelevance, (int, float, Decimal)) and not isinstance(data__retrieval__minrelevance, bool):
                        if data__retrieval__minrelevance < 0:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.min_relevance must be bigger than or equal to 0", value=data__retrieval__minrelevance, name="" + (name_prefix or "data") + ".retrieval.min_relevance", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='minimum')
                        if data__retrieval__minrelevance > 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.min_relevance must be smaller than or equal to 1", value=data__retrieval__minrelevance, name="" + (name_prefix or "data") + ".retrieval.min_relevance", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='maximum')
                if "relative_cutoff" in data__retrieval_keys:
                    data__retrieval_keys.remove("relative_cutoff")
                    data__retrieval__relativecutoff = data__retrieval["relative_cutoff"]
                    if not isinstance(data__retrieval__relativecutoff, (int, float, Decimal)) or isinstance(data__retrieval__relativecutoff, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.relative_cutoff must be number", value=data__retrieval__relativecutoff, name="" + (name_prefix or "data") + ".retrieval.relative_cutoff", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='type')
                    if isinstance(data__retrieval__relativecutoff, (int, float, Decimal)) and not isinstance(data__retrieval__relativecutoff, bool):
                        if data__retrieval__relativecutoff < 0:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.relative_cutoff must be bigger than or equal to 0", value=data__retrieval__relativecutoff, name="" + (name_prefix or "data") + ".retrieval.relative_cutoff", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='minimum')
                        if data__retrieval__relativecutoff > 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.relative_cutoff must be smaller than or equal to 1", value=data__retrieval__relativecutoff, name="" + (name_prefix or "data") + ".retrieval.relative_cutoff", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='maximum')
                if "context_spread" in data__retrieval_keys:
                    data__retrieval_keys.remove("context_spread")
                    data__retrieval__contextspread = data__retrieval["context_spread"]
                    if not isinstance(data__retrieval__contextspread, (int, float, Decimal)) or isinstance(data__retrieval__contextspread, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.context_spread must be number", value=data__retrieval__contextspread, name="" + (name_prefix or "data") + ".retrieval.context_spread", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='type')
                    if isinstance(data__retrieval__contextspread, (int, float, Decimal)) and not isinstance(data__retrieval__contextspread, bool):
                        if data__retrieval__contextspread < 0:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.context_spread must be bigger than or equal to 0", value=data__retrieval__contextspread, name="" + (name_prefix or "data") + ".retrieval.context_spread", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='minimum')
                        if data__retrieval__contextspread > 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.context_spread must be smaller than or equal to 1", value=data__retrieval__contextspread, name="" + (name_prefix or "data") + ".retrieval.context_spread", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='maximum')
                if "context_weight" in data__retrieval_keys:
                    data__retrieval_keys.remove("context_weight")
                    data__retrieval__contextweight = data__retrieval["context_weight"]
                    if not isinstance(data__retrieval__contextweight, (int, float, Decimal)) or isinstance(data__retrieval__contextweight, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.context_weight must be number", value=data__retrieval__contextweight, name="" + (name_prefix or "data") + ".retrieval.context_weight", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='type')
                    if isinstance(data__retrieval__contextweight, (int, float, Decimal)) and not isinstance(data__retrieval__contextweight, bool):
                        if data__retrieval__contextweight < 0:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.context_weight must be bigger than or equal to 0", value=data__retrieval__contextweight, name="" + (name_prefix or "data") + ".retrieval.context_weight", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='minimum')
                        if data__retrieval__contextweight > 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.context_weight must be smaller than or equal to 1", value=data__retrieval__contextweight, name="" + (name_prefix or "data") + ".retrieval.context_weight", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='maximum')
                if "reply_weight" in data__retrieval_keys:
                    data__retrieval_keys.remove("reply_weight")
                    data__retrieval__replyweight = data__retrieval["reply_weight"]
                    if not isinstance(data__retrieval__replyweight, (int, float, Decimal)) or isinstance(data__retrieval__replyweight, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.reply_weight must be number", value=data__retrieval__replyweight, name="" + (name_prefix or "data") + ".retrieval.reply_weight", definition={'type': 'number', 'minimum': 0, 'maximum': 1, 'description': "Share of a question's relevance lent to the line after it in the same session (its reply); 0 turns it off."}, rule='type')
                    if isinstance(data__retrieval__replyweight, (int, float, Decimal)) and not isinstance(data__retrieval__replyweight, bool):
                        if data__retrieval__replyweight < 0:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.reply_weight must be bigger than or equal to 0", value=data__retrieval__replyweight, name="" + (name_prefix or "data") + ".retrieval.reply_weight", definition={'type': 'number', 'minimum': 0, 'maximum': 1, 'description': "Share of a question's relevance lent to the line after it in the same session (its reply); 0 turns it off."}, rule='minimum')
                        if data__retrieval__replyweight > 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.reply_weight must be smaller than or equal to 1", value=data__retrieval__replyweight, name="" + (name_prefix or "data") + ".retrieval.reply_weight", definition={'type': 'number', 'minimum': 0, 'maximum': 1, 'description': "Share of a question's relevance lent to the line after it in the same session (its reply); 0 turns it off."}, rule='maximum')
                if "session_weight" in data__retrieval_keys:
                    data__retrieval_keys.remove("session_weight")
                    data__retrieval__sessionweight = data__retrieval["session_weight"]
                    if not isinstance(data__retrieval__sessionweight, (int, float, Decimal)) or isinstance(data__retrieval__sessionweight, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.session_weight must be number", value=data__retrieval__sessionweight, name="" + (name_prefix or "data") + ".retrieval.session_weight", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='type')
                    if isinstance(data__retrieval__sessionweight, (int, float, Decimal)) and not isinstance(data__retrieval__sessionweight, bool):
                        if data__retrieval__sessionweight < 0:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.session_weight must be bigger than or equal to 0", value=data__retrieval__sessionweight, name="" + (name_prefix or "data") + ".retrieval.session_weight", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='minimum')
                        if data__retrieval__sessionweight > 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.session_weight must be smaller than or equal to 1", value=data__retrieval__sessionweight, name="" + (name_prefix or "data") + ".retrieval.session_weight", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='maximum')
                if "session_cosine_weight" in data__retrieval_keys:
                    data__retrieval_keys.remove("session_cosine_weight")
                    data__retrieval__sessioncosineweight = data__retrieval["session_cosine_weight"]
                    if not isinstance(data__retrieval__sessioncosineweight, (int, float, Decimal, NoneType)) or isinstance(data__retrieval__sessioncosineweight, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.session_cosine_weight must be number or null", value=data__retrieval__sessioncosineweight, name="" + (name_prefix or "data") + ".retrieval.session_cosine_weight", definition={'type': ['number', 'null'], 'minimum': 0, 'maximum': 1, 'description': "Share of its session's best cosine lent to every fact of the session; null: the embedding model's own default (0.2 all-mpnet-base-v2, 0 otherwise)."}, rule='type')
                    if isinstance(data__retrieval__sessioncosineweight, (int, float, Decimal)) and not isinstance(data__retrieval__sessioncosineweight, bool):
                        if data__retrieval__sessioncosineweight < 0:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.session_cosine_weight must be bigger than or equal to 0", value=data__retrieval__sessioncosineweight, name="" + (name_prefix or "data") + ".retrieval.session_cosine_weight", definition={'type': ['number', 'null'], 'minimum': 0, 'maximum': 1, 'description': "Share of its session's best cosine lent to every fact of the session; null: the embedding model's own default (0.2 all-mpnet-base-v2, 0 otherwise)."}, rule='minimum')
                        if data__retrieval__sessioncosineweight > 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.session_cosine_weight must be smaller than or equal to 1", value=data__retrieval__sessioncosineweight, name="" + (name_prefix or "data") + ".retrieval.session_cosine_weight", definition={'type': ['number', 'null'], 'minimum': 0, 'maximum': 1, 'description': "Share of its session's best cosine lent to every fact of the session; null: the embedding model's own default (0.2 all-mpnet-base-v2, 0 otherwise)."}, rule='maximum')
                if "feedback_weight" in data__retrieval_keys:
                    data__retrieval_keys.remove("feedback_weight")
                    data__retrieval__feedbackweight = data__retrieval["feedback_weight"]
                    if not isinstance(data__retrieval__feedbackweight, (int, float, Decimal)) or isinstance(data__retrieval__feedbackweight, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.feedback_weight must be number", value=data__retrieval__feedbackweight, name="" + (name_prefix or "data") + ".retrieval.feedback_weight", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='type')
                    if isinstance(data__retrieval__feedbackweight, (int, float, Decimal)) and not isinstance(data__retrieval__feedbackweight, bool):
                        if data__retrieval__feedbackweight < 0:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.feedback_weight must be bigger than or equal to 0", value=data__retrieval__feedbackweight, name="" + (name_prefix or "data") + ".retrieval.feedback_weight", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='minimum')
                        if data__retrieval__feedbackweight > 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.feedback_weight must be smaller than or equal to 1", value=data__retrieval__feedbackweight, name="" + (name_prefix or "data") + ".retrieval.feedback_weight", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='maximum')
                if "feedback_docs" in data__retrieval_keys:
                    data__retrieval_keys.remove("feedback_docs")
                    data__retrieval__feedbackdocs = data__retrieval["feedback_docs"]
                    if not isinstance(data__retrieval__feedbackdocs, (int)) and not (isinstance(data__retrieval__feedbackdocs, float) and data__retrieval__feedbackdocs.is_integer()) or isinstance(data__retrieval__feedbackdocs, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.feedback_docs must be integer", value=data__retrieval__feedbackdocs, name="" + (name_prefix or "data") + ".retrieval.feedback_docs", definition={'type': 'integer', 'minimum': 1, 'maximum': 100}, rule='type')
                    if isinstance(data__retrieval__feedbackdocs, (int, float, Decimal)) and not isinstance(data__retrieval__feedbackdocs, bool):
                        if data__retrieval__feedbackdocs < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.feedback_docs must be bigger than or equal to 1", value=data__retrieval__feedbackdocs, name="" + (name_prefix or "data") + ".retrieval.feedback_docs", definition={'type': 'integer', 'minimum': 1, 'maximum': 100}, rule='minimum')
                        if data__retrieval__feedbackdocs > 100:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.feedback_docs must be smaller than or equal to 100", value=data__retrieval__feedbackdocs, name="" + (name_prefix or "data") + ".retrieval.feedback_docs", definition={'type': 'integer', 'minimum': 1, 'maximum': 100}, rule='maximum')
                if "feedback_terms" in data__retrieval_keys:
                    data__retrieval_keys.remove("feedback_terms")
                    data__retrieval__feedbackterms = data__retrieval["feedback_terms"]
                    if not isinstance(data__retrieval__feedbackterms, (int)) and not (isinstance(data__retrieval__feedbackterms, float) and data__retrieval__feedbackterms.is_integer()) or isinstance(data__retrieval__feedbackterms, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.feedback_terms must be integer", value=data__retrieval__feedbackterms, name="" + (name_prefix or "data") + ".retrieval.feedback_terms", definition={'type': 'integer', 'minimum': 1, 'maximum': 200}, rule='type')
                    if isinstance(data__retrieval__feedbackterms, (int, float, Decimal)) and not isinstance(data__retrieval__feedbackterms, bool):
                        if data__retrieval__feedbackterms < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.feedback_terms must be bigger than or equal to 1", value=data__retrieval__feedbackterms, name="" + (name_prefix or "data") + ".retrieval.feedback_terms", definition={'type': 'integer', 'minimum': 1, 'maximum': 200}, rule='minimum')
                        if data__retrieval__feedbackterms > 200:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval.feedback_terms must be smaller than or equal to 200", value=data__retrieval__feedbackterms, name="" + (name_prefix or "data") + ".retrieval.feedback_terms", definition={'type': 'integer', 'minimum': 1, 'maximum': 200}, rule='maximum')
                if data__retrieval_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".retrieval must not contain "+str(data__retrieval_keys)+" properties", value=data__retrieval, name="" + (name_prefix or "data") + ".retrieval", definition={'type': 'object', 'additionalProperties': False, 'properties': {'mode': {'enum': ['auto', 'llm', 'embeddings', 'keyword']}, 'min_facts': {'type': 'integer', 'minimum': 0}, 'max_facts': {'type': 'integer', 'minimum': 1}, 'token_budget': {'type': 'integer', 'minimum': 50}, 'max_chars': {'type': 'integer', 'minimum': 200, 'maximum': 9000}, 'llm_candidates': {'type': 'integer', 'minimum': 1, 'maximum': 1000}, 'prompt_relevance_threshold': {'type': 'number', 'minimum': 0}, 'prompt_mode': {'enum': ['keyword', 'embeddings'], 'description': 'Relevance of per-prompt recall when --mode is not given: keyword skips loading the embedding tokenizer (about 50 ms a prompt).'}, 'prior_weight': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'cosine_weight': {'type': ['number', 'null'], 'minimum': 0, 'maximum': 1, 'description': "Share of the cosine in hybrid relevance; null: the embedding model's own default (0.1 wordllama/OpenAI, 0.4 all-MiniLM-L6-v2, 0.5 all-mpnet-base-v2)."}, 'min_relevance': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'relative_cutoff': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'context_spread': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'context_weight': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'reply_weight': {'type': 'number', 'minimum': 0, 'maximum': 1, 'description': "Share of a question's relevance lent to the line after it in the same session (its reply); 0 turns it off."}, 'session_weight': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'session_cosine_weight': {'type': ['number', 'null'], 'minimum': 0, 'maximum': 1, 'description': "Share of its session's best cosine lent to every fact of the session; null: the embedding model's own default (0.2 all-mpnet-base-v2, 0 otherwise)."}, 'feedback_weight': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'feedback_docs': {'type': 'integer', 'minimum': 1, 'maximum': 100}, 'feedback_terms': {'type': 'integer', 'minimum': 1, 'maximum': 200}}}, rule='additionalProperties')
        if "embeddings" in data_keys:
            data_keys.remove("embeddings")
            data__embeddings = data["embeddings"]
            if not isinstance(data__embeddings, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".embeddings must be object", value=data__embeddings, name="" + (name_prefix or "data") + ".embeddings", definition={'type': 'object', 'additionalProperties': False, 'properties': {'backend': {'enum': ['auto', 'openai', 'local', 'tfidf']}, 'threshold': {'type': 'integer', 'minimum': 0}, 'openai_model': {'type': 'string', 'minLength': 1}, 'dimensions': {'type': ['integer', 'null'], 'minimum': 1}, 'local_model': {'type': 'string', 'minLength': 1}, 'runtime': {'enum': ['auto', 'onnxruntime', 'numpy'], 'description': "What runs a fetched transformer model's layers: onnxruntime (2-3x faster), numpy, or auto (numpy for the first few texts of a process, then onnxruntime when it is installed and loads the graph)."}}}, rule='type')
            data__embeddings_is_dict = isinstance(data__embeddings, dict)
            if data__embeddings_is_dict:
                data__embeddings_keys = set(data__embeddings.keys())
                if "backend" in data__embeddings_keys:
                    data__embeddings_keys.remove("backend")
                    data__embeddings__backend = data__embeddings["backend"]
                    if not (isinstance(data__embeddings__backend, str) and data__embeddings__backend == 'auto' or isinstance(data__embeddings__backend, str) and data__embeddings__backend == 'openai' or isinstance(data__embeddings__backend, str) and data__embeddings__backend == 'local' or isinstance(data__embeddings__backend, str) and data__embeddings__backend == 'tfidf'):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".embeddings.backend must be one of ['auto', 'openai', 'local', 'tfidf']", value=data__embeddings__backend, name="" + (name_prefix or "data") + ".embeddings.backend", definition={'enum': ['auto', 'openai', 'local', 'tfidf']}, rule='enum')
                if "threshold" in data__embeddings_keys:
                    data__embeddings_keys.remove("threshold")
                    data__embeddings__threshold = data__embeddings["threshold"]
                    if not isinstance(data__embeddings__threshold, (int)) and not (isinstance(data__embeddings__threshold, float) and data__embeddings__threshold.is_integer()) or isinstance(data__embeddings__threshold, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".embeddings.threshold must be integer", value=data__embeddings__threshold, name="" + (name_prefix or "data") + ".embeddings.threshold", definition={'type': 'integer', 'minimum': 0}, rule='type')
                    if isinstance(data__embeddings__threshold, (int, float, Decimal)) and not isinstance(data__embeddings__threshold, bool):
                        if data__embeddings__threshold < 0:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".embeddings.threshold must be bigger than or equal to 0", value=data__embeddings__threshold, name="" + (name_prefix or "data") + ".embeddings.threshold", definition={'type': 'integer', 'minimum': 0}, rule='minimum')
                if "openai_model" in data__embeddings_keys:
                    data__embeddings_keys.remove("openai_model")
                    data__embeddings__openaimodel = data__embeddings["openai_model"]
                    if not isinstance(data__embeddings__openaimodel, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".embeddings.openai_model must be string", value=data__embeddings__openaimodel, name="" + (name_prefix or "data") + ".embeddings.openai_model", definition={'type': 'string', 'minLength': 1}, rule='type')
                    if isinstance(data__embeddings__openaimodel, str):
                        data__embeddings__openaimodel_len = len(data__embeddings__openaimodel)
                        if data__embeddings__openaimodel_len < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".embeddings.openai_model must be longer than or equal to 1 characters", value=data__embeddings__openaimodel, name="" + (name_prefix or "data") + ".embeddings.openai_model", definition={'type': 'string', 'minLength': 1}, rule='minLength')
                if "dimensions" in data__embeddings_keys:
                    data__embeddings_keys.remove("dimensions")
                    data__embeddings__dimensions = data__embeddings["dimensions"]
                    if not isinstance(data__embeddings__dimensions, (int, NoneType)) and not (isinstance(data__embeddings__dimensions, float) and data__embeddings__dimensions.is_integer()) or isinstance(data__embeddings__dimensions, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".embeddings.dimensions must be integer or null", value=data__embeddings__dimensions, name="" + (name_prefix or "data") + ".embeddings.dimensions", definition={'type': ['integer', 'null'], 'minimum': 1}, rule='type')
                    if isinstance(data__embeddings__dimensions, (int, float, Decimal)) and not isinstance(data__embeddings__dimensions, bool):
                        if data__embeddings__dimensions < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".embeddings.dimensions must be bigger than or equal to 1", value=data__embeddings__dimensions, name="" + (name_prefix or "data") + ".embeddings.dimensions", definition={'type': ['integer', 'null'], 'minimum': 1}, rule='minimum')
                if "local_model" in data__embeddings_keys:
                    data__embeddings_keys.remove("local_model")
                    data__embeddings__localmodel = data__embeddings["local_model"]
                    if not isinstance(data__embeddings__localmodel, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".embeddings.local_model must be string", value=data__embeddings__localmodel, name="" + (name_prefix or "data") + ".embeddings.local_model", definition={'type': 'string', 'minLength': 1}, rule='type')
                    if isinstance(data__embeddings__localmodel, str):
                        data__embeddings__localmodel_len = len(data__embeddings__localmodel)
                        if data__embeddings__localmodel_len < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".embeddings.local_model must be longer than or equal to 1 characters", value=data__embeddings__localmodel, name="" + (name_prefix or "data") + ".embeddings.local_model", definition={'type': 'string', 'minLength': 1}, rule='minLength')
                if "runtime" in data__embeddings_keys:
                    data__embeddings_keys.remove("runtime")
                    data__embeddings__runtime = data__embeddings["runtime"]
                    if not (isinstance(data__embeddings__runtime, str) and data__embeddings__runtime == 'auto' or isinstance(data__embeddings__runtime, str) and data__embeddings__runtime == 'onnxruntime' or isinstance(data__embeddings__runtime, str) and data__embeddings__runtime == 'numpy'):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".embeddings.runtime must be one of ['auto', 'onnxruntime', 'numpy']", value=data__embeddings__runtime, name="" + (name_prefix or "data") + ".embeddings.runtime", definition={'enum': ['auto', 'onnxruntime', 'numpy'], 'description': "What runs a fetched transformer model's layers: onnxruntime (2-3x faster), numpy, or auto (numpy for the first few texts of a process, then onnxruntime when it is installed and loads the graph)."}, rule='enum')
                if data__embeddings_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".embeddings must not contain "+str(data__embeddings_keys)+" properties", value=data__embeddings, name="" + (name_prefix or "data") + ".embeddings", definition={'type': 'object', 'additionalProperties': False, 'properties': {'backend': {'enum': ['auto', 'openai', 'local', 'tfidf']}, 'threshold': {'type': 'integer', 'minimum': 0}, 'openai_model': {'type': 'string', 'minLength': 1}, 'dimensions': {'type': ['integer', 'null'], 'minimum': 1}, 'local_model': {'type': 'string', 'minLength': 1}, 'runtime': {'enum': ['auto', 'onnxruntime', 'numpy'], 'description': "What runs a fetched transformer model's layers: onnxruntime (2-3x faster), numpy, or auto (numpy for the first few texts of a process, then onnxruntime when it is installed and loads the graph)."}}}, rule='additionalProperties')
        if "llm" in data_keys:
            data_keys.remove("llm")
            data__llm = data["llm"]
            if not isinstance(data__llm, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".llm must be object", value=data__llm, name="" + (name_prefix or "data") + ".llm", definition={'type': 'object', 'additionalProperties': False, 'properties': {'base_url': {'type': ['string', 'null'], 'pattern': '^https?://'}, 'api_key_env': {'type': 'string', 'minLength': 1}, 'model': {'type': 'string', 'minLength': 1}, 'timeout_seconds': {'type': 'number', 'exclusiveMinimum': 0, 'maximum': 600}, 'max_retries': {'type': 'integer', 'minimum': 0, 'maximum': 10}, 'backend': {'enum': ['openai', 'claude-cli', 'codex-cli', 'gemini-cli', 'auto'], 'description': 'Who runs LLM extraction: the OpenAI-compatible endpoint (base_url / key), the signed-in agent CLI run headless (claude -p, codex exec, gemini -p), or auto: the agent that wrote the transcript when its CLI is on PATH, else the endpoint when configured, else offline. Your own config only: it runs a program.'}, 'daily_token_cap': {'type': 'integer', 'minimum': 0, 'description': 'Most tokens the agent-CLI backends may spend a day (UTC), counted in state/llm-usage.json; past it extraction falls back to the offline extractor.'}}}, rule='type')
            data__llm_is_dict = isinstance(data__llm, dict)
            if data__llm_is_dict:
                data__llm_keys = set(data__llm.keys())
                if "base_url" in data__llm_keys:
                    data__llm_keys.remove("base_url")
                    data__llm__baseurl = data__llm["base_url"]
                    if not isinstance(data__llm__baseurl, (str, NoneType)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".llm.base_url must be string or null", value=data__llm__baseurl, name="" + (name_prefix or "data") + ".llm.base_url", definition={'type': ['string', 'null'], 'pattern': '^https?://'}, rule='type')
                    if isinstance(data__llm__baseurl, str):
                        if not REGEX_PATTERNS['^https?://'].search(data__llm__baseurl):
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".llm.base_url must match pattern ^https?://", value=data__llm__baseurl, name="" + (name_prefix or "data") + ".llm.base_url", definition={'type': ['string', 'null'], 'pattern': '^https?://'}, rule='pattern')
                if "api_key_env" in data__llm_keys:
                    data__llm_keys.remove("api_key_env")
                    data__llm__apikeyenv = data__llm["api_key_env"]
                    if not isinstance(data__llm__apikeyenv, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".llm.api_key_env must be string", value=data__llm__apikeyenv, name="" + (name_prefix or "data") + ".llm.api_key_env", definition={'type': 'string', 'minLength': 1}, rule='type')
                    if isinstance(data__llm__apikeyenv, str):
                        data__llm__apikeyenv_len = len(data__llm__apikeyenv)
                        if data__llm__apikeyenv_len < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".llm.api_key_env must be longer than or equal to 1 characters", value=data__llm__apikeyenv, name="" + (name_prefix or "data") + ".llm.api_key_env", definition={'type': 'string', 'minLength': 1}, rule='minLength')
                if "model" in data__llm_keys:
                    data__llm_keys.remove("model")
                    data__llm__model = data__llm["model"]
                    if not isinstance(data__llm__model, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".llm.model must be string", value=data__llm__model, name="" + (name_prefix or "data") + ".llm.model", definition={'type': 'string', 'minLength': 1}, rule='type')
                    if isinstance(data__llm__model, str):
                        data__llm__model_len = len(data__llm__model)
                        if data__llm__model_len < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".llm.model must be longer than or equal to 1 characters", value=data__llm__model, name="" + (name_prefix or "data") + ".llm.model", definition={'type': 'string', 'minLength': 1}, rule='minLength')
                if "timeout_seconds" in data__llm_keys:
                    data__llm_keys.remove("timeout_seconds")
                    data__llm__timeoutseconds = data__llm["timeout_seconds"]
                    if not isinstance(data__llm__timeoutseconds, (int, float, Decimal)) or isinstance(data__llm__timeoutseconds, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".llm.timeout_seconds must be number", value=data__llm__timeoutseconds, name="" + (name_prefix or "data") + ".llm.timeout_seconds", definition={'type': 'number', 'exclusiveMinimum': 0, 'maximum': 600}, rule='type')
                    if isinstance(data__llm__timeoutseconds, (int, float, Decimal)) and not isinstance(data__llm__timeoutseconds, bool):
                        if data__llm__timeoutseconds > 600:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".llm.timeout_seconds must be smaller than or equal to 600", value=data__llm__timeoutseconds, name="" + (name_prefix or "data") + ".llm.timeout_seconds", definition={'type': 'number', 'exclusiveMinimum': 0, 'maximum': 600}, rule='maximum')
                        if data__llm__timeoutseconds <= 0:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".llm.timeout_seconds must be bigger than 0", value=data__llm__timeoutseconds, name="" + (name_prefix or "data") + ".llm.timeout_seconds", definition={'type': 'number', 'exclusiveMinimum': 0, 'maximum': 600}, rule='exclusiveMinimum')
                if "max_retries" in data__llm_keys:
                    data__llm_keys.remove("max_retries")
                    data__llm__maxretries = data__llm["max_retries"]
                    if not isinstance(data__llm__maxretries, (int)) and not (isinstance(data__llm__maxretries, float) and data__llm__maxretries.is_integer()) or isinstance(data__llm__maxretries, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".llm.max_retries must be integer", value=data__llm__maxretries, name="" + (name_prefix or "data") + ".llm.max_retries", definition={'type': 'integer', 'minimum': 0, 'maximum': 10}, rule='type')
                    if isinstance(data__llm__maxretries, (int, float, Decimal)) and not isinstance(data__llm__maxretries, bool):
                        if data__llm__maxretries < 0:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".llm.max_retries must be bigger than or equal to 0", value=data__llm__maxretries, name="" + (name_prefix or "data") + ".llm.max_retries", definition={'type': 'integer', 'minimum': 0, 'maximum': 10}, rule='minimum')
                        if data__llm__maxretries > 10:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".llm.max_retries must be smaller than or equal to 10", value=data__llm__maxretries, name="" + (name_prefix or "data") + ".llm.max_retries", definition={'type': 'integer', 'minimum': 0, 'maximum': 10}, rule='maximum')
                if "backend" in data__llm_keys:
                    data__llm_keys.remove("backend")
                    data__llm__backend = data__llm["backend"]
                    if not (isinstance(data__llm__backend, str) and data__llm__backend == 'openai' or isinstance(data__llm__backend, str) and data__llm__backend == 'claude-cli' or isinstance(data__llm__backend, str) and data__llm__backend == 'codex-cli' or isinstance(data__llm__backend, str) and data__llm__backend == 'gemini-cli' or isinstance(data__llm__backend, str) and data__llm__backend == 'auto'):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".llm.backend must be one of ['openai', 'claude-cli', 'codex-cli', 'gemini-cli', 'auto']", value=data__llm__backend, name="" + (name_prefix or "data") + ".llm.backend", definition={'enum': ['openai', 'claude-cli', 'codex-cli', 'gemini-cli', 'auto'], 'description': 'Who runs LLM extraction: the OpenAI-compatible endpoint (base_url / key), the signed-in agent CLI run headless (claude -p, codex exec, gemini -p), or auto: the agent that wrote the transcript when its CLI is on PATH, else the endpoint when configured, else offline. Your own config only: it runs a program.'}, rule='enum')
                if "daily_token_cap" in data__llm_keys:
                    data__llm_keys.remove("daily_token_cap")
                    data__llm__dailytokencap = data__llm["daily_token_cap"]
                    if not isinstance(data__llm__dailytokencap, (int)) and not (isinstance(data__llm__dailytokencap, float) and data__llm__dailytokencap.is_integer()) or isinstance(data__llm__dailytokencap, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".llm.daily_token_cap must be integer", value=data__llm__dailytokencap, name="" + (name_prefix or "data") + ".llm.daily_token_cap", definition={'type': 'integer', 'minimum': 0, 'description': 'Most tokens the agent-CLI backends may spend a day (UTC), counted in state/llm-usage.json; past it extraction falls back to the offline extractor.'}, rule='type')
                    if isinstance(data__llm__dailytokencap, (int, float, Decimal)) and not isinstance(data__llm__dailytokencap, bool):
                        if data__llm__dailytokencap < 0:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".llm.daily_token_cap must be bigger than or equal to 0", value=data__llm__dailytokencap, name="" + (name_prefix or "data") + ".llm.daily_token_cap", definition={'type': 'integer', 'minimum': 0, 'description': 'Most tokens the agent-CLI backends may spend a day (UTC), counted in state/llm-usage.json; past it extraction falls back to the offline extractor.'}, rule='minimum')
                if data__llm_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".llm must not contain "+str(data__llm_keys)+" properties", value=data__llm, name="" + (name_prefix or "data") + ".llm", definition={'type': 'object', 'additionalProperties': False, 'properties': {'base_url': {'type': ['string', 'null'], 'pattern': '^https?://'}, 'api_key_env': {'type': 'string', 'minLength': 1}, 'model': {'type': 'string', 'minLength': 1}, 'timeout_seconds': {'type': 'number', 'exclusiveMinimum': 0, 'maximum': 600}, 'max_retries': {'type': 'integer', 'minimum': 0, 'maximum': 10}, 'backend': {'enum': ['openai', 'claude-cli', 'codex-cli', 'gemini-cli', 'auto'], 'description': 'Who runs LLM extraction: the OpenAI-compatible endpoint (base_url / key), the signed-in agent CLI run headless (claude -p, codex exec, gemini -p), or auto: the agent that wrote the transcript when its CLI is on PATH, else the endpoint when configured, else offline. Your own config only: it runs a program.'}, 'daily_token_cap': {'type': 'integer', 'minimum': 0, 'description': 'Most tokens the agent-CLI backends may spend a day (UTC), counted in state/llm-usage.json; past it extraction falls back to the offline extractor.'}}}, rule='additionalProperties')
        if "extraction" in data_keys:
            data_keys.remove("extraction")
            data__extraction = data["extraction"]
            if not isinstance(data__extraction, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".extraction must be object", value=data__extraction, name="" + (name_prefix or "data") + ".extraction", definition={'type': 'object', 'additionalProperties': False, 'properties': {'mode': {'enum': ['auto', 'llm', 'offline']}, 'model': {'type': ['string', 'null']}, 'chunk_chars': {'type': 'integer', 'minimum': 2000, 'maximum': 2000000}, 'chunk_overlap_chars': {'type': 'integer', 'minimum': 0, 'maximum': 100000}, 'max_facts_per_chunk': {'type': 'integer', 'minimum': 1, 'maximum': 500}, 'similar_facts_shown': {'type': 'integer', 'minimum': 0, 'maximum': 200}, 'sync_embeddings': {'type': 'boolean'}, 'review': {'enum': ['off', 'uncertain', 'all']}, 'review_days': {'type': 'integer', 'minimum': 1, 'maximum': 3650}}}, rule='type')
            data__extraction_is_dict = isinstance(data__extraction, dict)
            if data__extraction_is_dict:
                data__extraction_keys = set(data__extraction.keys())
                if "mode" in data__extraction_keys:
                    data__extraction_keys.remove("mode")
                    data__extraction__mode = data__extraction["mode"]
                    if not (isinstance(data__extraction__mode, str) and data__extraction__mode == 'auto' or isinstance(data__extraction__mode, str) and data__extraction__mode == 'llm' or isinstance(data__extraction__mode, str) and data__extraction__mode == 'offline'):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".extraction.mode must be one of ['auto', 'llm', 'offline']", value=data__extraction__mode, name="" + (name_prefix or "data") + ".extraction.mode", definition={'enum': ['auto', 'llm', 'offline']}, rule='enum')
                if "model" in data__extraction_keys:
                    data__extraction_keys.remove("model")
                    data__extraction__model = data__extraction["model"]
                    if not isinstance(data__extraction__model, (str, NoneType)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".extraction.model must be string or null", value=data__extraction__model, name="" + (name_prefix or "data") + ".extraction.model", definition={'type': ['string', 'null']}, rule='type')
                if "chunk_chars" in data__extraction_keys:
                    data__extraction_keys.remove("chunk_chars")
                    data__extraction__chunkchars = data__extraction["chunk_chars"]
                    if not isinstance(data__extraction__chunkchars, (int)) and not (isinstance(data__extraction__chunkchars, float) and data__extraction__chunkchars.is_integer()) or isinstance(data__extraction__chunkchars, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".extraction.chunk_chars must be integer", value=data__extraction__chunkchars, name="" + (name_prefix or "data") + ".extraction.chunk_chars", definition={'type': 'integer', 'minimum': 2000, 'maximum': 2000000}, rule='type')
                    if isinstance(data__extraction__chunkchars, (int, float, Decimal)) and not isinstance(data__extraction__chunkchars, bool):
                        if data__extraction__chunkchars < 2000:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".extraction.chunk_chars must be bigger than or equal to 2000", value=data__extraction__chunkchars, name="" + (name_prefix or "data") + ".extraction.chunk_chars", definition={'type': 'integer', 'minimum': 2000, 'maximum': 2000000}, rule='minimum')
                        if data__extraction__chunkchars > 2000000:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".extraction.chunk_chars must be smaller than or equal to 2000000", value=data__extraction__chunkchars, name="" + (name_prefix or "data") + ".extraction.chunk_chars", definition={'type': 'integer', 'minimum': 2000, 'maximum': 2000000}, rule='maximum')
                if "chunk_overlap_chars" in data__extraction_keys:
                    data__extraction_keys.remove("chunk_overlap_chars")
                    data__extraction__chunkoverlapchars = data__extraction["chunk_overlap_chars"]
                    if not isinstance(data__extraction__chunkoverlapchars, (int)) and not (isinstance(data__extraction__chunkoverlapchars, float) and data__extraction__chunkoverlapchars.is_integer()) or isinstance(data__extraction__chunkoverlapchars, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".extraction.chunk_overlap_chars must be integer", value=data__extraction__chunkoverlapchars, name="" + (name_prefix or "data") + ".extraction.chunk_overlap_chars", definition={'type': 'integer', 'minimum': 0, 'maximum': 100000}, rule='type')
                    if isinstance(data__extraction__chunkoverlapchars, (int, float, Decimal)) and not isinstance(data__extraction__chunkoverlapchars, bool):
                        if data__extraction__chunkoverlapchars < 0:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".extraction.chunk_overlap_chars must be bigger than or equal to 0", value=data__extraction__chunkoverlapchars, name="" + (name_prefix or "data") + ".extraction.chunk_overlap_chars", definition={'type': 'integer', 'minimum': 0, 'maximum': 100000}, rule='minimum')
                        if data__extraction__chunkoverlapchars > 100000:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".extraction.chunk_overlap_chars must be smaller than or equal to 100000", value=data__extraction__chunkoverlapchars, name="" + (name_prefix or "data") + ".extraction.chunk_overlap_chars", definition={'type': 'integer', 'minimum': 0, 'maximum': 100000}, rule='maximum')
                if "max_facts_per_chunk" in data__extraction_keys:
                    data__extraction_keys.remove("max_facts_per_chunk")
                    data__extraction__maxfactsperchunk = data__extraction["max_facts_per_chunk"]
                    if not isinstance(data__extraction__maxfactsperchunk, (int)) and not (isinstance(data__extraction__maxfactsperchunk, float) and data__extraction__maxfactsperchunk.is_integer()) or isinstance(data__extraction__maxfactsperchunk, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".extraction.max_facts_per_chunk must be integer", value=data__extraction__maxfactsperchunk, name="" + (name_prefix or "data") + ".extraction.max_facts_per_chunk", definition={'type': 'integer', 'minimum': 1, 'maximum': 500}, rule='type')
                    if isinstance(data__extraction__maxfactsperchunk, (int, float, Decimal)) and not isinstance(data__extraction__maxfactsperchunk, bool):
                        if data__extraction__maxfactsperchunk < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".extraction.max_facts_per_chunk must be bigger than or equal to 1", value=data__extraction__maxfactsperchunk, name="" + (name_prefix or "data") + ".extraction.max_facts_per_chunk", definition={'type': 'integer', 'minimum': 1, 'maximum': 500}, rule='minimum')
                        if data__extraction__maxfactsperchunk > 500:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".extraction.max_facts_per_chunk must be smaller than or equal to 500", value=data__extraction__maxfactsperchunk, name="" + (name_prefix or "data") + ".extraction.max_facts_per_chunk", definition={'type': 'integer', 'minimum': 1, 'maximum': 500}, rule='maximum')
                if "similar_facts_shown" in data__extraction_keys:
                    data__extraction_keys.remove("similar_facts_shown")
                    data__extraction__similarfactsshown = data__extraction["similar_facts_shown"]
                    if not isinstance(data__extraction__similarfactsshown, (int)) and not (isinstance(data__extraction__similarfactsshown, float) and data__extraction__similarfactsshown.is_integer()) or isinstance(data__extraction__similarfactsshown, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".extraction.similar_facts_shown must be integer", value=data__extraction__similarfactsshown, name="" + (name_prefix or "data") + ".extraction.similar_facts_shown", definition={'type': 'integer', 'minimum': 0, 'maximum': 200}, rule='type')
                    if isinstance(data__extraction__similarfactsshown, (int, float, Decimal)) and not isinstance(data__extraction__similarfactsshown, bool):
                        if data__extraction__similarfactsshown < 0:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".extraction.similar_facts_shown must be bigger than or equal to 0", value=data__extraction__similarfactsshown, name="" + (name_prefix or "data") + ".extraction.similar_facts_shown", definition={'type': 'integer', 'minimum': 0, 'maximum': 200}, rule='minimum')
                        if data__extraction__similarfactsshown > 200:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".extraction.similar_facts_shown must be smaller than or equal to 200", value=data__extraction__similarfactsshown, name="" + (name_prefix or "data") + ".extraction.similar_facts_shown", definition={'type': 'integer', 'minimum': 0, 'maximum': 200}, rule='maximum')
                if "sync_embeddings" in data__extraction_keys:
                    data__extraction_keys.remove("sync_embeddings")
                    data__extraction__syncembeddings = data__extraction["sync_embeddings"]
                    if not isinstance(data__extraction__syncembeddings, (bool)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".extraction.sync_embeddings must be boolean", value=data__extraction__syncembeddings, name="" + (name_prefix or "data") + ".extraction.sync_embeddings", definition={'type': 'boolean'}, rule='type')
                if "review" in data__extraction_keys:
                    data__extraction_keys.remove("review")
                    data__extraction__review = data__extraction["review"]
                    if not (isinstance(data__extraction__review, str) and data__extraction__review == 'off' or isinstance(data__extraction__review, str) and data__extraction__review == 'uncertain' or isinstance(data__extraction__review, str) and data__extraction__review == 'all'):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".extraction.review must be one of ['off', 'uncertain', 'all']", value=data__extraction__review, name="" + (name_prefix or "data") + ".extraction.review", definition={'enum': ['off', 'uncertain', 'all']}, rule='enum')
                if "review_days" in data__extraction_keys:
                    data__extraction_keys.remove("review_days")
                    data__extraction__reviewdays = data__extraction["review_days"]
                    if not isinstance(data__extraction__reviewdays, (int)) and not (isinstance(data__extraction__reviewdays, float) and data__extraction__reviewdays.is_integer()) or isinstance(data__extraction__reviewdays, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".extraction.review_days must be integer", value=data__extraction__reviewdays, name="" + (name_prefix or "data") + ".extraction.review_days", definition={'type': 'integer', 'minimum': 1, 'maximum': 3650}, rule='type')
                    if isinstance(data__extraction__reviewdays, (int, float, Decimal)) and not isinstance(data__extraction__reviewdays, bool):
                        if data__extraction__reviewdays < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".extraction.review_days must be bigger than or equal to 1", value=data__extraction__reviewdays, name="" + (name_prefix or "data") + ".extraction.review_days", definition={'type': 'integer', 'minimum': 1, 'maximum': 3650}, rule='minimum')
                        if data__extraction__reviewdays > 3650:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".extraction.review_days must be smaller than or equal to 3650", value=data__extraction__reviewdays, name="" + (name_prefix or "data") + ".extraction.review_days", definition={'type': 'integer', 'minimum': 1, 'maximum': 3650}, rule='maximum')
                if data__extraction_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".extraction must not contain "+str(data__extraction_keys)+" properties", value=data__extraction, name="" + (name_prefix or "data") + ".extraction", definition={'type': 'object', 'additionalProperties': False, 'properties': {'mode': {'enum': ['auto', 'llm', 'offline']}, 'model': {'type': ['string', 'null']}, 'chunk_chars': {'type': 'integer', 'minimum': 2000, 'maximum': 2000000}, 'chunk_overlap_chars': {'type': 'integer', 'minimum': 0, 'maximum': 100000}, 'max_facts_per_chunk': {'type': 'integer', 'minimum': 1, 'maximum': 500}, 'similar_facts_shown': {'type': 'integer', 'minimum': 0, 'maximum': 200}, 'sync_embeddings': {'type': 'boolean'}, 'review': {'enum': ['off', 'uncertain', 'all']}, 'review_days': {'type': 'integer', 'minimum': 1, 'maximum': 3650}}}, rule='additionalProperties')
        if "skill_injection" in data_keys:
            data_keys.remove("skill_injection")
            data__skillinjection = data["skill_injection"]
            if not isinstance(data__skillinjection, (bool)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".skill_injection must be boolean", value=data__skillinjection, name="" + (name_prefix or "data") + ".skill_injection", definition={'type': 'boolean'}, rule='type')
        if "memory_dir" in data_keys:
            data_keys.remove("memory_dir")
            data__memorydir = data["memory_dir"]
            if not isinstance(data__memorydir, (str, NoneType)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".memory_dir must be string or null", value=data__memorydir, name="" + (name_prefix or "data") + ".memory_dir", definition={'type': ['string', 'null']}, rule='type')
        if "manage" in data_keys:
            data_keys.remove("manage")
            data__manage = data["manage"]
            if not isinstance(data__manage, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".manage must be object", value=data__manage, name="" + (name_prefix or "data") + ".manage", definition={'type': 'object', 'additionalProperties': False, 'properties': {'events_keep_days': {'type': 'number', 'minimum': 0}, 'contradiction_top_k': {'type': 'integer', 'minimum': 1, 'maximum': 50}, 'contradiction_min_similarity': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'contradiction_min_similarity_embeddings': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'contradiction_max_queries': {'type': 'integer', 'minimum': 0}, 'contradiction_max_pairs': {'type': 'integer', 'minimum': 0}, 'llm_contradictions': {'type': 'boolean'}, 'report_plot': {'type': 'boolean'}}}, rule='type')
            data__manage_is_dict = isinstance(data__manage, dict)
            if data__manage_is_dict:
                data__manage_keys = set(data__manage.keys())
                if "events_keep_days" in data__manage_keys:
                    data__manage_keys.remove("events_keep_days")
                    data__manage__eventskeepdays = data__manage["events_keep_days"]
                    if not isinstance(data__manage__eventskeepdays, (int, float, Decimal)) or isinstance(data__manage__eventskeepdays, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".manage.events_keep_days must be number", value=data__manage__eventskeepdays, name="" + (name_prefix or "data") + ".manage.events_keep_days", definition={'type': 'number', 'minimum': 0}, rule='type')
                    if isinstance(data__manage__eventskeepdays, (int, float, Decimal)) and not isinstance(data__manage__eventskeepdays, bool):
                        if data__manage__eventskeepdays < 0:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".manage.events_keep_days must be bigger than or equal to 0", value=data__manage__eventskeepdays, name="" + (name_prefix or "data") + ".manage.events_keep_days", definition={'type': 'number', 'minimum': 0}, rule='minimum')
                if "contradiction_top_k" in data__manage_keys:
                    data__manage_keys.remove("contradiction_top_k")
                    data__manage__contradictiontopk = data__manage["contradiction_top_k"]
                    if not isinstance(data__manage__contradictiontopk, (int)) and not (isinstance(data__manage__contradictiontopk, float) and data__manage__contradictiontopk.is_integer()) or isinstance(data__manage__contradictiontopk, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".manage.contradiction_top_k must be integer", value=data__manage__contradictiontopk, name="" + (name_prefix or "data") + ".manage.contradiction_top_k", definition={'type': 'integer', 'minimum': 1, 'maximum': 50}, rule='type')
                    if isinstance(data__manage__contradictiontopk, (int, float, Decimal)) and not isinstance(data__manage__contradictiontopk, bool):
                        if data__manage__contradictiontopk < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".manage.contradiction_top_k must be bigger than or equal to 1", value=data__manage__contradictiontopk, name="" + (name_prefix or "data") + ".manage.contradiction_top_k", definition={'type': 'integer', 'minimum': 1, 'maximum': 50}, rule='minimum')
                        if data__manage__contradictiontopk > 50:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".manage.contradiction_top_k must be smaller than or equal to 50", value=data__manage__contradictiontopk, name="" + (name_prefix or "data") + ".manage.contradiction_top_k", definition={'type': 'integer', 'minimum': 1, 'maximum': 50}, rule='maximum')
                if "contradiction_min_similarity" in data__manage_keys:
                    data__manage_keys.remove("contradiction_min_similarity")
                    data__manage__contradictionminsimilarity = data__manage["contradiction_min_similarity"]
                    if not isinstance(data__manage__contradictionminsimilarity, (int, float, Decimal)) or isinstance(data__manage__contradictionminsimilarity, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".manage.contradiction_min_similarity must be number", value=data__manage__contradictionminsimilarity, name="" + (name_prefix or "data") + ".manage.contradiction_min_similarity", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='type')
                    if isinstance(data__manage__contradictionminsimilarity, (int, float, Decimal)) and not isinstance(data__manage__contradictionminsimilarity, bool):
                        if data__manage__contradictionminsimilarity < 0:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".manage.contradiction_min_similarity must be bigger than or equal to 0", value=data__manage__contradictionminsimilarity, name="" + (name_prefix or "data") + ".manage.contradiction_min_similarity", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='minimum')
                        if data__manage__contradictionminsimilarity > 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".manage.contradiction_min_similarity must be smaller than or equal to 1", value=data__manage__contradictionminsimilarity, name="" + (name_prefix or "data") + ".manage.contradiction_min_similarity", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='maximum')
                if "contradiction_min_similarity_embeddings" in data__manage_keys:
                    data__manage_keys.remove("contradiction_min_similarity_embeddings")
                    data__manage__contradictionminsimilarityembeddings = data__manage["contradiction_min_similarity_embeddings"]
                    if not isinstance(data__manage__contradictionminsimilarityembeddings, (int, float, Decimal)) or isinstance(data__manage__contradictionminsimilarityembeddings, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".manage.contradiction_min_similarity_embeddings must be number", value=data__manage__contradictionminsimilarityembeddings, name="" + (name_prefix or "data") + ".manage.contradiction_min_similarity_embeddings", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='type')
                    if isinstance(data__manage__contradictionminsimilarityembeddings, (int, float, Decimal)) and not isinstance(data__manage__contradictionminsimilarityembeddings, bool):
                        if data__manage__contradictionminsimilarityembeddings < 0:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".manage.contradiction_min_similarity_embeddings must be bigger than or equal to 0", value=data__manage__contradictionminsimilarityembeddings, name="" + (name_prefix or "data") + ".manage.contradiction_min_similarity_embeddings", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='minimum')
                        if data__manage__contradictionminsimilarityembeddings > 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".manage.contradiction_min_similarity_embeddings must be smaller than or equal to 1", value=data__manage__contradictionminsimilarityembeddings, name="" + (name_prefix or "data") + ".manage.contradiction_min_similarity_embeddings", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='maximum')
                if "contradiction_max_queries" in data__manage_keys:
                    data__manage_keys.remove("contradiction_max_queries")
                    data__manage__contradictionmaxqueries = data__manage["contradiction_max_queries"]
                    if not isinstance(data__manage__contradictionmaxqueries, (int)) and not (isinstance(data__manage__contradictionmaxqueries, float) and data__manage__contradictionmaxqueries.is_integer()) or isinstance(data__manage__contradictionmaxqueries, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".manage.contradiction_max_queries must be integer", value=data__manage__contradictionmaxqueries, name="" + (name_prefix or "data") + ".manage.contradiction_max_queries", definition={'type': 'integer', 'minimum': 0}, rule='type')
                    if isinstance(data__manage__contradictionmaxqueries, (int, float, Decimal)) and not isinstance(data__manage__contradictionmaxqueries, bool):
                        if data__manage__contradictionmaxqueries < 0:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".manage.contradiction_max_queries must be bigger than or equal to 0", value=data__manage__contradictionmaxqueries, name="" + (name_prefix or "data") + ".manage.contradiction_max_queries", definition={'type': 'integer', 'minimum': 0}, rule='minimum')
                if "contradiction_max_pairs" in data__manage_keys:
                    data__manage_keys.remove("contradiction_max_pairs")
                    data__manage__contradictionmaxpairs = data__manage["contradiction_max_pairs"]
                    if not isinstance(data__manage__contradictionmaxpairs, (int)) and not (isinstance(data__manage__contradictionmaxpairs, float) and data__manage__contradictionmaxpairs.is_integer()) or isinstance(data__manage__contradictionmaxpairs, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".manage.contradiction_max_pairs must be integer", value=data__manage__contradictionmaxpairs, name="" + (name_prefix or "data") + ".manage.contradiction_max_pairs", definition={'type': 'integer', 'minimum': 0}, rule='type')
                    if isinstance(data__manage__contradictionmaxpairs, (int, float, Decimal)) and not isinstance(data__manage__contradictionmaxpairs, bool):
                        if data__manage__contradictionmaxpairs < 0:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".manage.contradiction_max_pairs must be bigger than or equal to 0", value=data__manage__contradictionmaxpairs, name="" + (name_prefix or "data") + ".manage.contradiction_max_pairs", definition={'type': 'integer', 'minimum': 0}, rule='minimum')
                if "llm_contradictions" in data__manage_keys:
                    data__manage_keys.remove("llm_contradictions")
                    data__manage__llmcontradictions = data__manage["llm_contradictions"]
                    if not isinstance(data__manage__llmcontradictions, (bool)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".manage.llm_contradictions must be boolean", value=data__manage__llmcontradictions, name="" + (name_prefix or "data") + ".manage.llm_contradictions", definition={'type': 'boolean'}, rule='type')
                if "report_plot" in data__manage_keys:
                    data__manage_keys.remove("report_plot")
                    data__manage__reportplot = data__manage["report_plot"]
                    if not isinstance(data__manage__reportplot, (bool)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".manage.report_plot must be boolean", value=data__manage__reportplot, name="" + (name_prefix or "data") + ".manage.report_plot", definition={'type': 'boolean'}, rule='type')
                if data__manage_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".manage must not contain "+str(data__manage_keys)+" properties", value=data__manage, name="" + (name_prefix or "data") + ".manage", definition={'type': 'object', 'additionalProperties': False, 'properties': {'events_keep_days': {'type': 'number', 'minimum': 0}, 'contradiction_top_k': {'type': 'integer', 'minimum': 1, 'maximum': 50}, 'contradiction_min_similarity': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'contradiction_min_similarity_embeddings': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'contradiction_max_queries': {'type': 'integer', 'minimum': 0}, 'contradiction_max_pairs': {'type': 'integer', 'minimum': 0}, 'llm_contradictions': {'type': 'boolean'}, 'report_plot': {'type': 'boolean'}}}, rule='additionalProperties')
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'https://json-schema.org/draft/2020-12/schema', '$id': 'https://ratchet-memory.dev/schema/config.schema.json', 'title': 'ratchet.config.json', 'description': "Every key is optional; missing keys take the defaults of ratchet/config.py (the spec's values).", 'type': 'object', 'additionalProperties': False, 'properties': {'$schema': {'type': 'string'}, 'categories': {'type': 'object', 'description': 'category -> base weight', 'minProperties': 1, 'propertyNames': {'pattern': '^[a-z0-9][a-z0-9_-]*(?!\\n)$'}, 'additionalProperties': {'type': 'number', 'minimum': 0, 'maximum': 1}}, 'default_category': {'type': 'string'}, 'modifiers': {'type': 'object', 'additionalProperties': False, 'properties': {'explicit_remember': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'action_required': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'untrusted_factor': {'type': 'number', 'minimum': 0, 'maximum': 1}}}, 'recency': {'type': 'object', 'additionalProperties': False, 'properties': {'half_life_days': {'type': 'number', 'exclusiveMinimum': 0}, 'floor': {'type': 'object', 'additionalProperties': False, 'properties': {'standard': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'transient': {'type': 'number', 'minimum': 0, 'maximum': 1}}}}}, 'decay': {'type': 'object', 'additionalProperties': False, 'properties': {'standard_weekly': {'type': 'number', 'exclusiveMinimum': 0, 'maximum': 1}, 'transient_weekly': {'type': 'number', 'exclusiveMinimum': 0, 'maximum': 1}}}, 'reinforcement': {'type': 'object', 'additionalProperties': False, 'properties': {'factor': {'type': 'number', 'minimum': 1, 'maximum': 3}}}, 'promotion': {'type': 'object', 'additionalProperties': False, 'properties': {'min_importance': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'min_references': {'type': 'integer', 'minimum': 0}, 'untrusted_min_importance': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'untrusted_min_references': {'type': 'integer', 'minimum': 0}}}, 'purge': {'type': 'object', 'additionalProperties': False, 'properties': {'threshold': {'type': 'number', 'minimum': 0, 'maximum': 1}}}, 'retrieval': {'type': 'object', 'additionalProperties': False, 'properties': {'mode': {'enum': ['auto', 'llm', 'embeddings', 'keyword']}, 'min_facts': {'type': 'integer', 'minimum': 0}, 'max_facts': {'type': 'integer', 'minimum': 1}, 'token_budget': {'type': 'integer', 'minimum': 50}, 'max_chars': {'type': 'integer', 'minimum': 200, 'maximum': 9000}, 'llm_candidates': {'type': 'integer', 'minimum': 1, 'maximum': 1000}, 'prompt_relevance_threshold': {'type': 'number', 'minimum': 0}, 'prompt_mode': {'enum': ['keyword', 'embeddings'], 'description': 'Relevance of per-prompt recall when --mode is not given: keyword skips loading the embedding tokenizer (about 50 ms a prompt).'}, 'prior_weight': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'cosine_weight': {'type': ['number', 'null'], 'minimum': 0, 'maximum': 1, 'description': "Share of the cosine in hybrid relevance; null: the embedding model's own default (0.1 wordllama/OpenAI, 0.4 all-MiniLM-L6-v2, 0.5 all-mpnet-base-v2)."}, 'min_relevance': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'relative_cutoff': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'context_spread': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'context_weight': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'reply_weight': {'type': 'number', 'minimum': 0, 'maximum': 1, 'description': "Share of a question's relevance lent to the line after it in the same session (its reply); 0 turns it off."}, 'session_weight': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'session_cosine_weight': {'type': ['number', 'null'], 'minimum': 0, 'maximum': 1, 'description': "Share of its session's best cosine lent to every fact of the session; null: the embedding model's own default (0.2 all-mpnet-base-v2, 0 otherwise)."}, 'feedback_weight': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'feedback_docs': {'type': 'integer', 'minimum': 1, 'maximum': 100}, 'feedback_terms': {'type': 'integer', 'minimum': 1, 'maximum': 200}}}, 'embeddings': {'type': 'object', 'additionalProperties': False, 'properties': {'backend': {'enum': ['auto', 'openai', 'local', 'tfidf']}, 'threshold': {'type': 'integer', 'minimum': 0}, 'openai_model': {'type': 'string', 'minLength': 1}, 'dimensions': {'type': ['integer', 'null'], 'minimum': 1}, 'local_model': {'type': 'string', 'minLength': 1}, 'runtime': {'enum': ['auto', 'onnxruntime', 'numpy'], 'description': "What runs a fetched transformer model's layers: onnxruntime (2-3x faster), numpy, or auto (numpy for the first few texts of a process, then onnxruntime when it is installed and loads the graph)."}}}, 'llm': {'type': 'object', 'additionalProperties': False, 'properties': {'base_url': {'type': ['string', 'null'], 'pattern': '^https?://'}, 'api_key_env': {'type': 'string', 'minLength': 1}, 'model': {'type': 'string', 'minLength': 1}, 'timeout_seconds': {'type': 'number', 'exclusiveMinimum': 0, 'maximum': 600}, 'max_retries': {'type': 'integer', 'minimum': 0, 'maximum': 10}, 'backend': {'enum': ['openai', 'claude-cli', 'codex-cli', 'gemini-cli', 'auto'], 'description': 'Who runs LLM extraction: the OpenAI-compatible endpoint (base_url / key), the signed-in agent CLI run headless (claude -p, codex exec, gemini -p), or auto: the agent that wrote the transcript when its CLI is on PATH, else the endpoint when configured, else offline. Your own config only: it runs a program.'}, 'daily_token_cap': {'type': 'integer', 'minimum': 0, 'description': 'Most tokens the agent-CLI backends may spend a day (UTC), counted in state/llm-usage.json; past it extraction falls back to the offline extractor.'}}}, 'extraction': {'type': 'object', 'additionalProperties': False, 'properties': {'mode': {'enum': ['auto', 'llm', 'offline']}, 'model': {'type': ['string', 'null']}, 'chunk_chars': {'type': 'integer', 'minimum': 2000, 'maximum': 2000000}, 'chunk_overlap_chars': {'type': 'integer', 'minimum': 0, 'maximum': 100000}, 'max_facts_per_chunk': {'type': 'integer', 'minimum': 1, 'maximum': 500}, 'similar_facts_shown': {'type': 'integer', 'minimum': 0, 'maximum': 200}, 'sync_embeddings': {'type': 'boolean'}, 'review': {'enum': ['off', 'uncertain', 'all']}, 'review_days': {'type': 'integer', 'minimum': 1, 'maximum': 3650}}}, 'skill_injection': {'type': 'boolean'}, 'memory_dir': {'type': ['string', 'null']}, 'manage': {'type': 'object', 'additionalProperties': False, 'properties': {'events_keep_days': {'type': 'number', 'minimum': 0}, 'contradiction_top_k': {'type': 'integer', 'minimum': 1, 'maximum': 50}, 'contradiction_min_similarity': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'contradiction_min_similarity_embeddings': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'contradiction_max_queries': {'type': 'integer', 'minimum': 0}, 'contradiction_max_pairs': {'type': 'integer', 'minimum': 0}, 'llm_contradictions': {'type': 'boolean'}, 'report_plot': {'type': 'boolean'}}}}}, rule='additionalProperties')
    return data

validate = validate_https___ratchet_memory_dev_schema_config_schema_json
