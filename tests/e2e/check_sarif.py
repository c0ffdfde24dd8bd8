#!/usr/bin/env python3
"""Checks a SARIF log of `inka-ng --check KINDS --sarif FILE` against what
SARIF 2.1.0 requires of the parts inka-ng writes (the schema's required
properties, enumerations and types), and against the run's own --json
answers: one result per site, in the same order, with the same verdict.

usage: check_sarif.py SARIF JSON

With SARIF_SCHEMA naming the OASIS schema file (sarif-schema-2.1.0.json)
and the python jsonschema module installed, the log is also validated
against the whole schema.  Prints nothing and exits 0 when all holds."""
import json, os, sys

KINDS = {"notApplicable", "pass", "fail", "review", "open", "informational"}
LEVELS = {"none", "note", "warning", "error"}
VERDICT_KIND = {"found": "fail", "proved": "pass", "unknown": "open"}


def fail(msg):
    print("check_sarif:", msg)
    sys.exit(1)


def need(obj, key, typ, where):
    if not isinstance(obj, dict) or key not in obj or not isinstance(obj[key], typ):
        fail(f"{where}: '{key}' missing or not {typ.__name__}")
    return obj[key]


def check_result(r, i, rules, site):
    where = f"results[{i}]"
    rule = need(r, "ruleId", str, where)
    if rule not in rules:
        fail(f"{where}: ruleId {rule} names no rule of the driver")
    if "ruleIndex" in r and rules.index(rule) != r["ruleIndex"]:
        fail(f"{where}: ruleIndex {r['ruleIndex']} is not the index of {rule}")
    if r.get("kind") not in KINDS or r.get("level") not in LEVELS:
        fail(f"{where}: kind {r.get('kind')} or level {r.get('level')} outside SARIF's enumerations")
    if r["kind"] != "fail" and r["level"] != "none":
        fail(f"{where}: a result of kind {r['kind']} must have level none")
    need(need(r, "message", dict, where), "text", str, where + ".message")
    locs = need(r, "locations", list, where)
    phys = need(locs[0], "physicalLocation", dict, where + ".locations[0]")
    need(need(phys, "artifactLocation", dict, where), "uri", str, where + ".artifactLocation")
    region = need(phys, "region", dict, where)
    line = need(region, "startLine", int, where + ".region")
    if line < 1 or region.get("startColumn", 1) < 1:
        fail(f"{where}: line and column start at 1")
    if line != site["line"] or rule != "rte/" + site["kind"]:
        fail(f"{where}: {rule} at line {line}, the JSON says {site['kind']} at line {site['line']}")
    if r["kind"] != VERDICT_KIND[site["verdict"]]:
        fail(f"{where}: kind {r['kind']} for a site the JSON calls {site['verdict']}")


def main():
    log = json.load(open(sys.argv[1]))
    answers = json.load(open(sys.argv[2]))
    if log.get("version") != "2.1.0":
        fail("version is not 2.1.0")
    runs = need(log, "runs", list, "log")
    driver = need(need(runs[0], "tool", dict, "runs[0]"), "driver", dict, "runs[0].tool")
    need(driver, "name", str, "driver")
    rules = [need(rule, "id", str, "rule") for rule in driver.get("rules", [])]
    results = need(runs[0], "results", list, "runs[0]")
    sites = answers["sites"]
    if len(results) != len(sites):
        fail(f"{len(results)} results for {len(sites)} sites")
    for i, (r, site) in enumerate(zip(results, sites)):
        check_result(r, i, rules, site)
    schema = os.environ.get("SARIF_SCHEMA")
    if schema:
        import jsonschema
        errors = list(jsonschema.Draft7Validator(json.load(open(schema))).iter_errors(log))
        if errors:
            fail(f"{len(errors)} schema errors, first: {errors[0].message}")


if __name__ == "__main__":
    main()
