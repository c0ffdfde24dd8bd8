"""Test-Comp files (argv[1]) against the JSON report (stdin), for suite.sh:
well-formed XML, the metadata, one testcase per test with its values in order."""
import json, sys, xml.etree.ElementTree as ET, os
d = json.load(sys.stdin)
meta = ET.parse(os.path.join(sys.argv[1], "metadata.xml")).getroot()
assert meta.tag == "test-metadata" and meta.find("entryfunction").text == "main"
assert len(meta.find("programhash").text) == 64
for t in d["tests"]:
    root = ET.parse(os.path.join(sys.argv[1], "testcase-%d.xml" % t["id"])).getroot()
    got = [int(i.text) for i in root.findall("input")]
    assert got == [v["value"] for v in t["inputs"] + t["nondet"]], (got, t)
assert not os.path.exists(os.path.join(sys.argv[1], "testcase-%d.xml" % (len(d["tests"]) + 1)))
