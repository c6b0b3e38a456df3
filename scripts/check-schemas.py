#!/usr/bin/env python3
"""Validates sites against site-template/schemas/herald.schema.json and record.schema.json, as an editor
with a YAML language server would: herald.yaml as it is, each Markdown record's front matter and
each JSON record.

Usage: check-schemas.py CHECK-JSONSCHEMA [--expect-rejected] SITE...
Without --expect-rejected every file must validate; with it, every SITE must have at least one
file the schemas reject (an invalid fixture the schemas can express).
"""
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent


def front_matter(text: str):
    lines = text.replace("\r\n", "\n").split("\n")
    if not lines or lines[0].strip() != "---":
        return None
    for index, line in enumerate(lines[1:], start=1):
        if line.strip() == "---":
            return "\n".join(lines[1:index]) + "\n"
    return None


def files(site: pathlib.Path, scratch: pathlib.Path):
    """The site's files to validate: (schema, path on disk, path to report)."""
    found = []
    if (site / "herald.yaml").exists():
        found.append(("herald", site / "herald.yaml", site / "herald.yaml"))
    records = site / "content" / "announcements"
    for record in sorted(records.glob("*")) if records.is_dir() else []:
        parts = record.name.split(".")
        if len(parts) > 2:
            continue  # a translation file (id.de.md) holds only words
        if record.suffix == ".json":
            found.append(("record", record, record))
        elif record.suffix == ".md":
            yaml = front_matter(record.read_text(encoding="utf-8", errors="replace"))
            if yaml is None:
                continue
            copy = scratch / f"{len(found)}-{record.stem}.yaml"
            copy.write_text(yaml, encoding="utf-8")
            found.append(("record", copy, record))
    return found


def validate(tool, schema, paths):
    result = subprocess.run(
        [tool, "--schemafile", str(ROOT / "site-template" / "schemas" / f"{schema}.schema.json")]
        + [str(path) for path in paths],
        capture_output=True, text=True)
    return result.returncode == 0, result.stdout + result.stderr


def rejected(tool, found):
    """The files the schemas reject: each schema's files checked at once, one by one only when
    some fail."""
    bad = []
    for schema in ("herald", "record"):
        mine = [(path, shown) for kind, path, shown in found if kind == schema]
        if not mine or validate(tool, schema, [path for path, _ in mine])[0]:
            continue
        for path, shown in mine:
            ok, output = validate(tool, schema, [path])
            if not ok:
                bad.append((shown, schema, output))
    return bad


def main():
    tool, arguments = sys.argv[1], sys.argv[2:]
    for schema in ("herald", "record"):
        # A missing schema would make every file "rejected".
        assert (ROOT / "site-template" / "schemas" / f"{schema}.schema.json").is_file(), schema
    expect_rejected = arguments[:1] == ["--expect-rejected"]
    sites = [pathlib.Path(a) for a in arguments[1 if expect_rejected else 0:]]
    failures = 0
    checked = 0
    with tempfile.TemporaryDirectory() as scratch:
        for site in sites:
            found = files(site, pathlib.Path(scratch))
            checked += len(found)
            bad = rejected(tool, found)
            if not expect_rejected:
                for shown, schema, output in bad:
                    print(f"{shown}: rejected by {schema}.schema.json\n{output}", file=sys.stderr)
                    failures += 1
            if expect_rejected and not bad:
                print(f"{site}: every file passes the schemas, expected a rejection", file=sys.stderr)
                failures += 1
    print(f"schemas: {checked} files of {len(sites)} sites "
          + ("rejected as expected" if expect_rejected else "valid")
          + ("" if failures == 0 else f", {failures} failures"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
