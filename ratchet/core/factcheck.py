"""Generated from ratchet/schema/fact.schema.json by ``python -m ratchet.core.schema``: do not edit."""

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
    '^[A-Za-z0-9][A-Za-z0-9_.:-]*(?!\\n)$': re.compile('^[A-Za-z0-9][A-Za-z0-9_.:-]*(?!\\n)\\Z'),
    '^[a-z0-9][a-z0-9_-]*(?!\\n)$': re.compile('^[a-z0-9][a-z0-9_-]*(?!\\n)\\Z'),
    '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?(?!\\n)$': re.compile('^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?(?!\\n)\\Z'),
    '^(global|repo:.+)(?!\\n)$': re.compile('^(global|repo:.+)(?!\\n)\\Z'),
    '^\\d{4}-W\\d{2}(?!\\n)$': re.compile('^\\d{4}-W\\d{2}(?!\\n)\\Z')
}

NoneType = type(None)

def validate_https___ratchet_memory_dev_schema_fact_schema_json(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'https://json-schema.org/draft/2020-12/schema', '$id': 'https://ratchet-memory.dev/schema/fact.schema.json', 'title': 'Ratchet fact', 'description': "One atomic fact, one line of memory/facts-YYYY-Q#.jsonl. The spec's fields plus scope, evidence, trust reasons, provenance and lifecycle counters.", 'type': 'object', 'additionalProperties': False, 'required': ['id', 'content', 'category', 'tags', 'importance', 'tier', 'created', 'source_session', 'last_referenced', 'reference_count', 'supersedes', 'superseded_by', 'promoted', 'source_trust', 'scope'], 'properties': {'id': {'type': 'string', 'description': 'UUID (imported facts keep a unique id of their source).', 'minLength': 8, 'maxLength': 80, 'pattern': '^[A-Za-z0-9][A-Za-z0-9_.:-]*(?!\\n)$'}, 'content': {'type': 'string', 'description': 'The fact as one factual statement.', 'minLength': 1, 'maxLength': 4000}, 'category': {'type': 'string', 'description': 'One of the categories of ratchet.config.json.', 'minLength': 1, 'maxLength': 64, 'pattern': '^[a-z0-9][a-z0-9_-]*(?!\\n)$'}, 'tags': {'type': 'array', 'description': 'Lower-case keywords.', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 64}, 'maxItems': 32}, 'importance': {'type': 'number', 'description': 'Current base importance in [0, 1]: set at extraction, then decayed and reinforced weekly.', 'minimum': 0, 'maximum': 1}, 'tier': {'enum': ['permanent', 'standard', 'transient'], 'description': 'permanent never decays or purges; transient decays fast.'}, 'created': {'type': 'string', 'description': 'ISO-8601 date or UTC date-time; decides the quarter file.', 'pattern': '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?(?!\\n)$'}, 'source_session': {'type': ['string', 'null'], 'description': 'Session id (or date) the fact came from.', 'maxLength': 200}, 'last_referenced': {'type': 'string', 'description': 'Last user-confirmed reference (initially the creation time); drives recency.', 'pattern': '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?(?!\\n)$'}, 'reference_count': {'type': 'integer', 'description': 'User-confirmed references only; injection never counts.', 'minimum': 0}, 'supersedes': {'type': ['array', 'null'], 'description': 'Ids of the older facts this one replaces.', 'items': {'type': 'string', 'minLength': 1}}, 'superseded_by': {'type': ['string', 'null'], 'description': 'Id of the newer fact that replaced this one; superseded facts leave retrieval.'}, 'promoted': {'type': 'boolean', 'description': 'Listed in MEMORY.md.'}, 'source_trust': {'enum': ['trusted', 'untrusted'], 'description': 'untrusted when the fact came from tool output, web content or [UNTRUSTED DATA].'}, 'trust_reasons': {'type': 'array', 'description': "Why the fact is untrusted (e.g. 'tool_result', 'untrusted_delimiters').", 'items': {'type': 'string', 'maxLength': 200}}, 'scope': {'type': 'string', 'description': "'global' (about the person) or 'repo:<identity>' (one repository).", 'pattern': '^(global|repo:.+)(?!\\n)$'}, 'evidence': {'type': ['string', 'null'], 'description': 'A short quote of what the user said, kept after transcripts are gone.', 'maxLength': 600}, 'provenance': {'type': 'string', 'description': "What produced the fact: 'manual', 'offline-extractor', 'llm:<model>', 'import:<format>', ...", 'maxLength': 200}, 'prompt_version': {'type': ['string', 'null'], 'description': 'Version line of prompts/extract.md used to extract the fact.', 'maxLength': 200}, 'updated': {'type': ['string', 'null'], 'description': 'Last change to the record (any field).', 'pattern': '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?(?!\\n)$'}, 'decayed_through': {'type': ['string', 'null'], 'description': 'Last ISO week (YYYY-Www) whose decay has been applied; makes decay idempotent per week.', 'pattern': '^\\d{4}-W\\d{2}(?!\\n)$'}, 'meta': {'type': 'object', 'description': 'Counters and annotations of later stages (import source ids, review state, ...).', 'additionalProperties': True}}}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data__missing_keys = set(['id', 'content', 'category', 'tags', 'importance', 'tier', 'created', 'source_session', 'last_referenced', 'reference_count', 'supersedes', 'superseded_by', 'promoted', 'source_trust', 'scope']) - data.keys()
        if data__missing_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain " + (str(sorted(data__missing_keys)) + " properties"), value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'https://json-schema.org/draft/2020-12/schema', '$id': 'https://ratchet-memory.dev/schema/fact.schema.json', 'title': 'Ratchet fact', 'description': "One atomic fact, one line of memory/facts-YYYY-Q#.jsonl. The spec's fields plus scope, evidence, trust reasons, provenance and lifecycle counters.", 'type': 'object', 'additionalProperties': False, 'required': ['id', 'content', 'category', 'tags', 'importance', 'tier', 'created', 'source_session', 'last_referenced', 'reference_count', 'supersedes', 'superseded_by', 'promoted', 'source_trust', 'scope'], 'properties': {'id': {'type': 'string', 'description': 'UUID (imported facts keep a unique id of their source).', 'minLength': 8, 'maxLength': 80, 'pattern': '^[A-Za-z0-9][A-Za-z0-9_.:-]*(?!\\n)$'}, 'content': {'type': 'string', 'description': 'The fact as one factual statement.', 'minLength': 1, 'maxLength': 4000}, 'category': {'type': 'string', 'description': 'One of the categories of ratchet.config.json.', 'minLength': 1, 'maxLength': 64, 'pattern': '^[a-z0-9][a-z0-9_-]*(?!\\n)$'}, 'tags': {'type': 'array', 'description': 'Lower-case keywords.', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 64}, 'maxItems': 32}, 'importance': {'type': 'number', 'description': 'Current base importance in [0, 1]: set at extraction, then decayed and reinforced weekly.', 'minimum': 0, 'maximum': 1}, 'tier': {'enum': ['permanent', 'standard', 'transient'], 'description': 'permanent never decays or purges; transient decays fast.'}, 'created': {'type': 'string', 'description': 'ISO-8601 date or UTC date-time; decides the quarter file.', 'pattern': '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?(?!\\n)$'}, 'source_session': {'type': ['string', 'null'], 'description': 'Session id (or date) the fact came from.', 'maxLength': 200}, 'last_referenced': {'type': 'string', 'description': 'Last user-confirmed reference (initially the creation time); drives recency.', 'pattern': '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?(?!\\n)$'}, 'reference_count': {'type': 'integer', 'description': 'User-confirmed references only; injection never counts.', 'minimum': 0}, 'supersedes': {'type': ['array', 'null'], 'description': 'Ids of the older facts this one replaces.', 'items': {'type': 'string', 'minLength': 1}}, 'superseded_by': {'type': ['string', 'null'], 'description': 'Id of the newer fact that replaced this one; superseded facts leave retrieval.'}, 'promoted': {'type': 'boolean', 'description': 'Listed in MEMORY.md.'}, 'source_trust': {'enum': ['trusted', 'untrusted'], 'description': 'untrusted when the fact came from tool output, web content or [UNTRUSTED DATA].'}, 'trust_reasons': {'type': 'array', 'description': "Why the fact is untrusted (e.g. 'tool_result', 'untrusted_delimiters').", 'items': {'type': 'string', 'maxLength': 200}}, 'scope': {'type': 'string', 'description': "'global' (about the person) or 'repo:<identity>' (one repository).", 'pattern': '^(global|repo:.+)(?!\\n)$'}, 'evidence': {'type': ['string', 'null'], 'description': 'A short quote of what the user said, kept after transcripts are gone.', 'maxLength': 600}, 'provenance': {'type': 'string', 'description': "What produced the fact: 'manual', 'offline-extractor', 'llm:<model>', 'import:<format>', ...", 'maxLength': 200}, 'prompt_version': {'type': ['string', 'null'], 'description': 'Version line of prompts/extract.md used to extract the fact.', 'maxLength': 200}, 'updated': {'type': ['string', 'null'], 'description': 'Last change to the record (any field).', 'pattern': '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?(?!\\n)$'}, 'decayed_through': {'type': ['string', 'null'], 'description': 'Last ISO week (YYYY-Www) whose decay has been applied; makes decay idempotent per week.', 'pattern': '^\\d{4}-W\\d{2}(?!\\n)$'}, 'meta': {'type': 'object', 'description': 'Counters and annotations of later stages (import source ids, review state, ...).', 'additionalProperties': True}}}, rule='required')
        data_keys = set(data.keys())
        if "id" in data_keys:
            data_keys.remove("id")
            data__id = data["id"]
            if not isinstance(data__id, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".id must be string", value=data__id, name="" + (name_prefix or "data") + ".id", definition={'type': 'string', 'description': 'UUID (imported facts keep a unique id of their source).', 'minLength': 8, 'maxLength': 80, 'pattern': '^[A-Za-z0-9][A-Za-z0-9_.:-]*(?!\\n)$'}, rule='type')
            if isinstance(data__id, str):
                data__id_len = len(data__id)
                if data__id_len < 8:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".id must be longer than or equal to 8 characters", value=data__id, name="" + (name_prefix or "data") + ".id", definition={'type': 'string', 'description': 'UUID (imported facts keep a unique id of their source).', 'minLength': 8, 'maxLength': 80, 'pattern': '^[A-Za-z0-9][A-Za-z0-9_.:-]*(?!\\n)$'}, rule='minLength')
                if data__id_len > 80:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".id must be shorter than or equal to 80 characters", value=data__id, name="" + (name_prefix or "data") + ".id", definition={'type': 'string', 'description': 'UUID (imported facts keep a unique id of their source).', 'minLength': 8, 'maxLength': 80, 'pattern': '^[A-Za-z0-9][A-Za-z0-9_.:-]*(?!\\n)$'}, rule='maxLength')
                if not REGEX_PATTERNS['^[A-Za-z0-9][A-Za-z0-9_.:-]*(?!\\n)$'].search(data__id):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".id must match pattern ^[A-Za-z0-9][A-Za-z0-9_.:-]*(?!\\n)$", value=data__id, name="" + (name_prefix or "data") + ".id", definition={'type': 'string', 'description': 'UUID (imported facts keep a unique id of their source).', 'minLength': 8, 'maxLength': 80, 'pattern': '^[A-Za-z0-9][A-Za-z0-9_.:-]*(?!\\n)$'}, rule='pattern')
        if "content" in data_keys:
            data_keys.remove("content")
            data__content = data["content"]
            if not isinstance(data__content, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".content must be string", value=data__content, name="" + (name_prefix or "data") + ".content", definition={'type': 'string', 'description': 'The fact as one factual statement.', 'minLength': 1, 'maxLength': 4000}, rule='type')
            if isinstance(data__content, str):
                data__content_len = len(data__content)
                if data__content_len < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".content must be longer than or equal to 1 characters", value=data__content, name="" + (name_prefix or "data") + ".content", definition={'type': 'string', 'description': 'The fact as one factual statement.', 'minLength': 1, 'maxLength': 4000}, rule='minLength')
                if data__content_len > 4000:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".content must be shorter than or equal to 4000 characters", value=data__content, name="" + (name_prefix or "data") + ".content", definition={'type': 'string', 'description': 'The fact as one factual statement.', 'minLength': 1, 'maxLength': 4000}, rule='maxLength')
        if "category" in data_keys:
            data_keys.remove("category")
            data__category = data["category"]
            if not isinstance(data__category, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".category must be string", value=data__category, name="" + (name_prefix or "data") + ".category", definition={'type': 'string', 'description': 'One of the categories of ratchet.config.json.', 'minLength': 1, 'maxLength': 64, 'pattern': '^[a-z0-9][a-z0-9_-]*(?!\\n)$'}, rule='type')
            if isinstance(data__category, str):
                data__category_len = len(data__category)
                if data__category_len < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".category must be longer than or equal to 1 characters", value=data__category, name="" + (name_prefix or "data") + ".category", definition={'type': 'string', 'description': 'One of the categories of ratchet.config.json.', 'minLength': 1, 'maxLength': 64, 'pattern': '^[a-z0-9][a-z0-9_-]*(?!\\n)$'}, rule='minLength')
                if data__category_len > 64:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".category must be shorter than or equal to 64 characters", value=data__category, name="" + (name_prefix or "data") + ".category", definition={'type': 'string', 'description': 'One of the categories of ratchet.config.json.', 'minLength': 1, 'maxLength': 64, 'pattern': '^[a-z0-9][a-z0-9_-]*(?!\\n)$'}, rule='maxLength')
                if not REGEX_PATTERNS['^[a-z0-9][a-z0-9_-]*(?!\\n)$'].search(data__category):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".category must match pattern ^[a-z0-9][a-z0-9_-]*(?!\\n)$", value=data__category, name="" + (name_prefix or "data") + ".category", definition={'type': 'string', 'description': 'One of the categories of ratchet.config.json.', 'minLength': 1, 'maxLength': 64, 'pattern': '^[a-z0-9][a-z0-9_-]*(?!\\n)$'}, rule='pattern')
        if "tags" in data_keys:
            data_keys.remove("tags")
            data__tags = data["tags"]
            if not isinstance(data__tags, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".tags must be array", value=data__tags, name="" + (name_prefix or "data") + ".tags", definition={'type': 'array', 'description': 'Lower-case keywords.', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 64}, 'maxItems': 32}, rule='type')
            data__tags_is_list = isinstance(data__tags, (list, tuple))
            if data__tags_is_list:
                data__tags_len = len(data__tags)
                if data__tags_len > 32:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".tags must contain less than or equal to 32 items", value=data__tags, name="" + (name_prefix or "data") + ".tags", definition={'type': 'array', 'description': 'Lower-case keywords.', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 64}, 'maxItems': 32}, rule='maxItems')
                for data__tags_x, data__tags_item in enumerate(data__tags):
                    if not isinstance(data__tags_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".tags[{data__tags_x}]".format(**locals()) + " must be string", value=data__tags_item, name="" + (name_prefix or "data") + ".tags[{data__tags_x}]".format(**locals()) + "", definition={'type': 'string', 'minLength': 1, 'maxLength': 64}, rule='type')
                    if isinstance(data__tags_item, str):
                        data__tags_item_len = len(data__tags_item)
                        if data__tags_item_len < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".tags[{data__tags_x}]".format(**locals()) + " must be longer than or equal to 1 characters", value=data__tags_item, name="" + (name_prefix or "data") + ".tags[{data__tags_x}]".format(**locals()) + "", definition={'type': 'string', 'minLength': 1, 'maxLength': 64}, rule='minLength')
                        if data__tags_item_len > 64:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".tags[{data__tags_x}]".format(**locals()) + " must be shorter than or equal to 64 characters", value=data__tags_item, name="" + (name_prefix or "data") + ".tags[{data__tags_x}]".format(**locals()) + "", definition={'type': 'string', 'minLength': 1, 'maxLength': 64}, rule='maxLength')
        if "importance" in data_keys:
            data_keys.remove("importance")
            data__importance = data["importance"]
            if not isinstance(data__importance, (int, float, Decimal)) or isinstance(data__importance, bool):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".importance must be number", value=data__importance, name="" + (name_prefix or "data") + ".importance", definition={'type': 'number', 'description': 'Current base importance in [0, 1]: set at extraction, then decayed and reinforced weekly.', 'minimum': 0, 'maximum': 1}, rule='type')
            if isinstance(data__importance, (int, float, Decimal)) and not isinstance(data__importance, bool):
                if data__importance < 0:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".importance must be bigger than or equal to 0", value=data__importance, name="" + (name_prefix or "data") + ".importance", definition={'type': 'number', 'description': 'Current base importance in [0, 1]: set at extraction, then decayed and reinforced weekly.', 'minimum': 0, 'maximum': 1}, rule='minimum')
                if data__importance > 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".importance must be smaller than or equal to 1", value=data__importance, name="" + (name_prefix or "data") + ".importance", definition={'type': 'number', 'description': 'Current base importance in [0, 1]: set at extraction, then decayed and reinforced weekly.', 'minimum': 0, 'maximum': 1}, rule='maximum')
        if "tier" in data_keys:
            data_keys.remove("tier")
            data__tier = data["tier"]
            if not (isinstance(data__tier, str) and data__tier == 'permanent' or isinstance(data__tier, str) and data__tier == 'standard' or isinstance(data__tier, str) and data__tier == 'transient'):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".tier must be one of ['permanent', 'standard', 'transient']", value=data__tier, name="" + (name_prefix or "data") + ".tier", definition={'enum': ['permanent', 'standard', 'transient'], 'description': 'permanent never decays or purges; transient decays fast.'}, rule='enum')
        if "created" in data_keys:
            data_keys.remove("created")
            data__created = data["created"]
            if not isinstance(data__created, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".created must be string", value=data__created, name="" + (name_prefix or "data") + ".created", definition={'type': 'string', 'description': 'ISO-8601 date or UTC date-time; decides the quarter file.', 'pattern': '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?(?!\\n)$'}, rule='type')
            if isinstance(data__created, str):
                if not REGEX_PATTERNS['^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?(?!\\n)$'].search(data__created):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".created must match pattern ^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?(?!\\n)$", value=data__created, name="" + (name_prefix or "data") + ".created", definition={'type': 'string', 'description': 'ISO-8601 date or UTC date-time; decides the quarter file.', 'pattern': '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?(?!\\n)$'}, rule='pattern')
        if "source_session" in data_keys:
            data_keys.remove("source_session")
            data__sourcesession = data["source_session"]
            if not isinstance(data__sourcesession, (str, NoneType)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".source_session must be string or null", value=data__sourcesession, name="" + (name_prefix or "data") + ".source_session", definition={'type': ['string', 'null'], 'description': 'Session id (or date) the fact came from.', 'maxLength': 200}, rule='type')
            if isinstance(data__sourcesession, str):
                data__sourcesession_len = len(data__sourcesession)
                if data__sourcesession_len > 200:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".source_session must be shorter than or equal to 200 characters", value=data__sourcesession, name="" + (name_prefix or "data") + ".source_session", definition={'type': ['string', 'null'], 'description': 'Session id (or date) the fact came from.', 'maxLength': 200}, rule='maxLength')
        if "last_referenced" in data_keys:
            data_keys.remove("last_referenced")
            data__lastreferenced = data["last_referenced"]
            if not isinstance(data__lastreferenced, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".last_referenced must be string", value=data__lastreferenced, name="" + (name_prefix or "data") + ".last_referenced", definition={'type': 'string', 'description': 'Last user-confirmed reference (initially the creation time); drives recency.', 'pattern': '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?(?!\\n)$'}, rule='type')
            if isinstance(data__lastreferenced, str):
                if not REGEX_PATTERNS['^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?(?!\\n)$'].search(data__lastreferenced):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".last_referenced must match pattern ^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?(?!\\n)$", value=data__lastreferenced, name="" + (name_prefix or "data") + ".last_referenced", definition={'type': 'string', 'description': 'Last user-confirmed reference (initially the creation time); drives recency.', 'pattern': '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?(?!\\n)$'}, rule='pattern')
        if "reference_count" in data_keys:
            data_keys.remove("reference_count")
            data__referencecount = data["reference_count"]
            if not isinstance(data__referencecount, (int)) and not (isinstance(data__referencecount, float) and data__referencecount.is_integer()) or isinstance(data__referencecount, bool):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".reference_count must be integer", value=data__referencecount, name="" + (name_prefix or "data") + ".reference_count", definition={'type': 'integer', 'description': 'User-confirmed references only; injection never counts.', 'minimum': 0}, rule='type')
            if isinstance(data__referencecount, (int, float, Decimal)) and not isinstance(data__referencecount, bool):
                if data__referencecount < 0:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".reference_count must be bigger than or equal to 0", value=data__referencecount, name="" + (name_prefix or "data") + ".reference_count", definition={'type': 'integer', 'description': 'User-confirmed references only; injection never counts.', 'minimum': 0}, rule='minimum')
        if "supersedes" in data_keys:
            data_keys.remove("supersedes")
            data__supersedes = data["supersedes"]
            if not isinstance(data__supersedes, (list, tuple, NoneType)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".supersedes must be array or null", value=data__supersedes, name="" + (name_prefix or "data") + ".supersedes", definition={'type': ['array', 'null'], 'description': 'Ids of the older facts this one replaces.', 'items': {'type': 'string', 'minLength': 1}}, rule='type')
            data__supersedes_is_list = isinstance(data__supersedes, (list, tuple))
            if data__supersedes_is_list:
                data__supersedes_len = len(data__supersedes)
                for data__supersedes_x, data__supersedes_item in enumerate(data__supersedes):
                    if not isinstance(data__supersedes_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".supersedes[{data__supersedes_x}]".format(**locals()) + " must be string", value=data__supersedes_item, name="" + (name_prefix or "data") + ".supersedes[{data__supersedes_x}]".format(**locals()) + "", definition={'type': 'string', 'minLength': 1}, rule='type')
                    if isinstance(data__supersedes_item, str):
                        data__supersedes_item_len = len(data__supersedes_item)
                        if data__supersedes_item_len < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".supersedes[{data__supersedes_x}]".format(**locals()) + " must be longer than or equal to 1 characters", value=data__supersedes_item, name="" + (name_prefix or "data") + ".supersedes[{data__supersedes_x}]".format(**locals()) + "", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "superseded_by" in data_keys:
            data_keys.remove("superseded_by")
            data__supersededby = data["superseded_by"]
            if not isinstance(data__supersededby, (str, NoneType)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".superseded_by must be string or null", value=data__supersededby, name="" + (name_prefix or "data") + ".superseded_by", definition={'type': ['string', 'null'], 'description': 'Id of the newer fact that replaced this one; superseded facts leave retrieval.'}, rule='type')
        if "promoted" in data_keys:
            data_keys.remove("promoted")
            data__promoted = data["promoted"]
            if not isinstance(data__promoted, (bool)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".promoted must be boolean", value=data__promoted, name="" + (name_prefix or "data") + ".promoted", definition={'type': 'boolean', 'description': 'Listed in MEMORY.md.'}, rule='type')
        if "source_trust" in data_keys:
            data_keys.remove("source_trust")
            data__sourcetrust = data["source_trust"]
            if not (isinstance(data__sourcetrust, str) and data__sourcetrust == 'trusted' or isinstance(data__sourcetrust, str) and data__sourcetrust == 'untrusted'):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".source_trust must be one of ['trusted', 'untrusted']", value=data__sourcetrust, name="" + (name_prefix or "data") + ".source_trust", definition={'enum': ['trusted', 'untrusted'], 'description': 'untrusted when the fact came from tool output, web content or [UNTRUSTED DATA].'}, rule='enum')
        if "trust_reasons" in data_keys:
            data_keys.remove("trust_reasons")
            data__trustreasons = data["trust_reasons"]
            if not isinstance(data__trustreasons, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".trust_reasons must be array", value=data__trustreasons, name="" + (name_prefix or "data") + ".trust_reasons", definition={'type': 'array', 'description': "Why the fact is untrusted (e.g. 'tool_result', 'untrusted_delimiters').", 'items': {'type': 'string', 'maxLength': 200}}, rule='type')
            data__trustreasons_is_list = isinstance(data__trustreasons, (list, tuple))
            if data__trustreasons_is_list:
                data__trustreasons_len = len(data__trustreasons)
                for data__trustreasons_x, data__trustreasons_item in enumerate(data__trustreasons):
                    if not isinstance(data__trustreasons_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".trust_reasons[{data__trustreasons_x}]".format(**locals()) + " must be string", value=data__trustreasons_item, name="" + (name_prefix or "data") + ".trust_reasons[{data__trustreasons_x}]".format(**locals()) + "", definition={'type': 'string', 'maxLength': 200}, rule='type')
                    if isinstance(data__trustreasons_item, str):
                        data__trustreasons_item_len = len(data__trustreasons_item)
                        if data__trustreasons_item_len > 200:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".trust_reasons[{data__trustreasons_x}]".format(**locals()) + " must be shorter than or equal to 200 characters", value=data__trustreasons_item, name="" + (name_prefix or "data") + ".trust_reasons[{data__trustreasons_x}]".format(**locals()) + "", definition={'type': 'string', 'maxLength': 200}, rule='maxLength')
        if "scope" in data_keys:
            data_keys.remove("scope")
            data__scope = data["scope"]
            if not isinstance(data__scope, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".scope must be string", value=data__scope, name="" + (name_prefix or "data") + ".scope", definition={'type': 'string', 'description': "'global' (about the person) or 'repo:<identity>' (one repository).", 'pattern': '^(global|repo:.+)(?!\\n)$'}, rule='type')
            if isinstance(data__scope, str):
                if not REGEX_PATTERNS['^(global|repo:.+)(?!\\n)$'].search(data__scope):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".scope must match pattern ^(global|repo:.+)(?!\\n)$", value=data__scope, name="" + (name_prefix or "data") + ".scope", definition={'type': 'string', 'description': "'global' (about the person) or 'repo:<identity>' (one repository).", 'pattern': '^(global|repo:.+)(?!\\n)$'}, rule='pattern')
        if "evidence" in data_keys:
            data_keys.remove("evidence")
            data__evidence = data["evidence"]
            if not isinstance(data__evidence, (str, NoneType)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".evidence must be string or null", value=data__evidence, name="" + (name_prefix or "data") + ".evidence", definition={'type': ['string', 'null'], 'description': 'A short quote of what the user said, kept after transcripts are gone.', 'maxLength': 600}, rule='type')
            if isinstance(data__evidence, str):
                data__evidence_len = len(data__evidence)
                if data__evidence_len > 600:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".evidence must be shorter than or equal to 600 characters", value=data__evidence, name="" + (name_prefix or "data") + ".evidence", definition={'type': ['string', 'null'], 'description': 'A short quote of what the user said, kept after transcripts are gone.', 'maxLength': 600}, rule='maxLength')
        if "provenance" in data_keys:
            data_keys.remove("provenance")
            data__provenance = data["provenance"]
            if not isinstance(data__provenance, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".provenance must be string", value=data__provenance, name="" + (name_prefix or "data") + ".provenance", definition={'type': 'string', 'description': "What produced the fact: 'manual', 'offline-extractor', 'llm:<model>', 'import:<format>', ...", 'maxLength': 200}, rule='type')
            if isinstance(data__provenance, str):
                data__provenance_len = len(data__provenance)
                if data__provenance_len > 200:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".provenance must be shorter than or equal to 200 characters", value=data__provenance, name="" + (name_prefix or "data") + ".provenance", definition={'type': 'string', 'description': "What produced the fact: 'manual', 'offline-extractor', 'llm:<model>', 'import:<format>', ...", 'maxLength': 200}, rule='maxLength')
        if "prompt_version" in data_keys:
            data_keys.remove("prompt_version")
            data__promptversion = data["prompt_version"]
            if not isinstance(data__promptversion, (str, NoneType)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".prompt_version must be string or null", value=data__promptversion, name="" + (name_prefix or "data") + ".prompt_version", definition={'type': ['string', 'null'], 'description': 'Version line of prompts/extract.md used to extract the fact.', 'maxLength': 200}, rule='type')
            if isinstance(data__promptversion, str):
                data__promptversion_len = len(data__promptversion)
                if data__promptversion_len > 200:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".prompt_version must be shorter than or equal to 200 characters", value=data__promptversion, name="" + (name_prefix or "data") + ".prompt_version", definition={'type': ['string', 'null'], 'description': 'Version line of prompts/extract.md used to extract the fact.', 'maxLength': 200}, rule='maxLength')
        if "updated" in data_keys:
            data_keys.remove("updated")
            data__updated = data["updated"]
            if not isinstance(data__updated, (str, NoneType)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".updated must be string or null", value=data__updated, name="" + (name_prefix or "data") + ".updated", definition={'type': ['string', 'null'], 'description': 'Last change to the record (any field).', 'pattern': '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?(?!\\n)$'}, rule='type')
            if isinstance(data__updated, str):
                if not REGEX_PATTERNS['^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?(?!\\n)$'].search(data__updated):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".updated must match pattern ^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?(?!\\n)$", value=data__updated, name="" + (name_prefix or "data") + ".updated", definition={'type': ['string', 'null'], 'description': 'Last change to the record (any field).', 'pattern': '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?(?!\\n)$'}, rule='pattern')
        if "decayed_through" in data_keys:
            data_keys.remove("decayed_through")
            data__decayedthrough = data["decayed_through"]
            if not isinstance(data__decayedthrough, (str, NoneType)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".decayed_through must be string or null", value=data__decayedthrough, name="" + (name_prefix or "data") + ".decayed_through", definition={'type': ['string', 'null'], 'description': 'Last ISO week (YYYY-Www) whose decay has been applied; makes decay idempotent per week.', 'pattern': '^\\d{4}-W\\d{2}(?!\\n)$'}, rule='type')
            if isinstance(data__decayedthrough, str):
                if not REGEX_PATTERNS['^\\d{4}-W\\d{2}(?!\\n)$'].search(data__decayedthrough):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".decayed_through must match pattern ^\\d{4}-W\\d{2}(?!\\n)$", value=data__decayedthrough, name="" + (name_prefix or "data") + ".decayed_through", definition={'type': ['string', 'null'], 'description': 'Last ISO week (YYYY-Www) whose decay has been applied; makes decay idempotent per week.', 'pattern': '^\\d{4}-W\\d{2}(?!\\n)$'}, rule='pattern')
        if "meta" in data_keys:
            data_keys.remove("meta")
            data__meta = data["meta"]
            if not isinstance(data__meta, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".meta must be object", value=data__meta, name="" + (name_prefix or "data") + ".meta", definition={'type': 'object', 'description': 'Counters and annotations of later stages (import source ids, review state, ...).', 'additionalProperties': True}, rule='type')
            data__meta_is_dict = isinstance(data__meta, dict)
            if data__meta_is_dict:
                data__meta_keys = set(data__meta.keys())
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'https://json-schema.org/draft/2020-12/schema', '$id': 'https://ratchet-memory.dev/schema/fact.schema.json', 'title': 'Ratchet fact', 'description': "One atomic fact, one line of memory/facts-YYYY-Q#.jsonl. The spec's fields plus scope, evidence, trust reasons, provenance and lifecycle counters.", 'type': 'object', 'additionalProperties': False, 'required': ['id', 'content', 'category', 'tags', 'importance', 'tier', 'created', 'source_session', 'last_referenced', 'reference_count', 'supersedes', 'superseded_by', 'promoted', 'source_trust', 'scope'], 'properties': {'id': {'type': 'string', 'description': 'UUID (imported facts keep a unique id of their source).', 'minLength': 8, 'maxLength': 80, 'pattern': '^[A-Za-z0-9][A-Za-z0-9_.:-]*(?!\\n)$'}, 'content': {'type': 'string', 'description': 'The fact as one factual statement.', 'minLength': 1, 'maxLength': 4000}, 'category': {'type': 'string', 'description': 'One of the categories of ratchet.config.json.', 'minLength': 1, 'maxLength': 64, 'pattern': '^[a-z0-9][a-z0-9_-]*(?!\\n)$'}, 'tags': {'type': 'array', 'description': 'Lower-case keywords.', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 64}, 'maxItems': 32}, 'importance': {'type': 'number', 'description': 'Current base importance in [0, 1]: set at extraction, then decayed and reinforced weekly.', 'minimum': 0, 'maximum': 1}, 'tier': {'enum': ['permanent', 'standard', 'transient'], 'description': 'permanent never decays or purges; transient decays fast.'}, 'created': {'type': 'string', 'description': 'ISO-8601 date or UTC date-time; decides the quarter file.', 'pattern': '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?(?!\\n)$'}, 'source_session': {'type': ['string', 'null'], 'description': 'Session id (or date) the fact came from.', 'maxLength': 200}, 'last_referenced': {'type': 'string', 'description': 'Last user-confirmed reference (initially the creation time); drives recency.', 'pattern': '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?(?!\\n)$'}, 'reference_count': {'type': 'integer', 'description': 'User-confirmed references only; injection never counts.', 'minimum': 0}, 'supersedes': {'type': ['array', 'null'], 'description': 'Ids of the older facts this one replaces.', 'items': {'type': 'string', 'minLength': 1}}, 'superseded_by': {'type': ['string', 'null'], 'description': 'Id of the newer fact that replaced this one; superseded facts leave retrieval.'}, 'promoted': {'type': 'boolean', 'description': 'Listed in MEMORY.md.'}, 'source_trust': {'enum': ['trusted', 'untrusted'], 'description': 'untrusted when the fact came from tool output, web content or [UNTRUSTED DATA].'}, 'trust_reasons': {'type': 'array', 'description': "Why the fact is untrusted (e.g. 'tool_result', 'untrusted_delimiters').", 'items': {'type': 'string', 'maxLength': 200}}, 'scope': {'type': 'string', 'description': "'global' (about the person) or 'repo:<identity>' (one repository).", 'pattern': '^(global|repo:.+)(?!\\n)$'}, 'evidence': {'type': ['string', 'null'], 'description': 'A short quote of what the user said, kept after transcripts are gone.', 'maxLength': 600}, 'provenance': {'type': 'string', 'description': "What produced the fact: 'manual', 'offline-extractor', 'llm:<model>', 'import:<format>', ...", 'maxLength': 200}, 'prompt_version': {'type': ['string', 'null'], 'description': 'Version line of prompts/extract.md used to extract the fact.', 'maxLength': 200}, 'updated': {'type': ['string', 'null'], 'description': 'Last change to the record (any field).', 'pattern': '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?(?!\\n)$'}, 'decayed_through': {'type': ['string', 'null'], 'description': 'Last ISO week (YYYY-Www) whose decay has been applied; makes decay idempotent per week.', 'pattern': '^\\d{4}-W\\d{2}(?!\\n)$'}, 'meta': {'type': 'object', 'description': 'Counters and annotations of later stages (import source ids, review state, ...).', 'additionalProperties': True}}}, rule='additionalProperties')
    return data

validate = validate_https___ratchet_memory_dev_schema_fact_schema_json
