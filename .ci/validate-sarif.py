#!/usr/bin/python3
"""Validates SARIF files against the SARIF 2.1.0 JSON schema kept in the repo (as data)."""
import json
import sys

import jsonschema

SCHEMA = "core/src/test/resources/sarif/sarif-2.1.0-rtm.5.json"

schema = json.load(open(SCHEMA, encoding="utf-8"))
validator = jsonschema.Draft4Validator(schema)
failed = 0
for path in sys.argv[1:]:
    errors = sorted(validator.iter_errors(json.load(open(path, encoding="utf-8"))), key=str)
    for error in errors[:5]:
        print(f"FAIL {path}: {'/'.join(map(str, error.absolute_path))}: {error.message}")
    failed += bool(errors)
print(f"sarif: {len(sys.argv) - 1 - failed} passed, {failed} failed")
sys.exit(1 if failed else 0)
