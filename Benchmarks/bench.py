#!/usr/bin/env python3
"""Benchmarks `herald build` against Hugo on the same generated sites (DESIGN §7).

Generates sites of 1,000 and 10,000 records deterministically (two platforms of 20 releases each),
builds each with the release herald, and, when `hugo` is installed, builds an equivalent Hugo site
from the same records: an archive page listing every record, a page per record and an Atom feed.
Every build starts from an empty output folder. Prints the median of several runs, the ratio and
the peak memory (maximum resident set size) of each tool.

    python3 Benchmarks/bench.py [--sizes 1000,10000] [--runs 5] [--all-live] [--disk-only]

Outputs are written twice: into a RAM disk (/dev/shm, when present), which measures the work of the
tools themselves, and onto the disk beside the sites, where the file system's cost of creating
twenty thousand files and folders after deleting as many adds to both.
"""
import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "Benchmarks" / "sites"
NOW = "2026-11-30T12:00:00Z"
GENERATOR = "2"  # bump when records() changes, so cached sites are written again

WORDS = ("timetable departure platform journey favourite widget offline ticket station carriage "
         "update service network passenger route arrival delay refund fare capping night bus "
         "accessible step-free lift escalator map").split()


def sentence(rng, words=14):
    text = " ".join(rng.choice(WORDS) for _ in range(words))
    return text[0].upper() + text[1:] + "."


def records(count, all_live=False):
    """The records, as (id, front matter fields, Markdown body), the same on every run.

    As in a real channel, most records stop interrupting after a few weeks (expiresAt), so a
    release's manifest holds the recent ones; `all_live` keeps every record live instead, the worst
    case for the manifests' size.
    """
    rng = random.Random(20261130 + count)
    severities = ["INFO"] * 6 + ["IMPORTANT"] * 3 + ["CRITICAL"]
    kinds = ["WHATS_NEW", "UPDATE_AVAILABLE", "NOTICE"]
    for index in range(count):
        record_id = f"record-{index:05d}"
        minor = rng.randrange(0, 20)
        year, month, day = 2024 + index % 3, 1 + index % 12, 1 + index % 28
        fields = {
            "id": record_id,
            "title": f"{sentence(rng, 6)[:-1]} ({index})",
            "severity": rng.choice(severities),
            "kind": rng.choice(kinds),
            "publishAt": f"{year}-{month:02d}-{day:02d}T{index % 24:02d}:00:00Z",
        }
        if not all_live and rng.random() < 0.9:
            end_month = month + rng.randrange(1, 3)
            end_year = year + (end_month - 1) // 12
            fields["expiresAt"] = f"{end_year}-{(end_month - 1) % 12 + 1:02d}-{day:02d}"
        if rng.random() < 0.5:
            fields["minVersion"] = f"1.{minor}.0"
        if rng.random() < 0.3:
            fields["maxVersion"] = f"1.{min(19, minor + rng.randrange(0, 6))}.9"
        if rng.random() < 0.2:
            fields["platforms"] = "[" + rng.choice(["ios", "android"]) + "]"
        if rng.random() < 0.4:
            fields["actionUrl"] = f"https://example.com/news/{record_id}"
        body = "\n\n".join(sentence(rng, rng.randrange(12, 40)) for _ in range(rng.randrange(1, 4)))
        bullets = "\n".join(f"- {sentence(rng, 8)}" for _ in range(rng.randrange(0, 5)))
        body += "\n\nRead *more* about it in the `Journeys` tab, or see [the details](https://example.com/d).\n"
        if bullets:
            body += "\n" + bullets + "\n"
        yield record_id, fields, body


def is_current(site):
    marker = site / ".complete"
    return marker.exists() and marker.read_text() == GENERATOR


def herald_site(count, all_live):
    site = WORK / f"herald-{count}{'-live' if all_live else ''}"
    if is_current(site):
        return site
    shutil.rmtree(site, ignore_errors=True)
    folder = site / "content" / "announcements"
    folder.mkdir(parents=True)
    releases = ", ".join(f"1.{minor}.0" for minor in range(20))
    (site / "herald.yaml").write_text(
        "title: Benchmark channel\nbaseURL: https://example.com/news/\nauthor: Bench\n"
        "platforms:\n"
        f"  ios:\n    store: https://apps.example/app\n    releases: [{releases}]\n"
        f"  android:\n    store: https://play.example/app\n    releases: [{releases}]\n")
    for record_id, fields, body in records(count, all_live):
        front = "\n".join(f"{key}: {value}" for key, value in fields.items())
        (folder / f"{record_id}.md").write_text(f"---\n{front}\n---\n{body}")
    (site / ".complete").write_text(GENERATOR)
    return site


HUGO_CONFIG = """baseURL = "https://example.com/news/"
title = "Benchmark channel"
disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404", "section"]
[outputFormats.Atom]
  mediaType = "application/atom+xml"
  baseName = "feed"
  isPlainText = false
[mediaTypes."application/atom+xml"]
  suffixes = ["xml"]
[outputs]
  home = ["HTML", "Atom"]
  page = ["HTML"]
"""

HUGO_INDEX = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{{ .Site.Title }}</title></head>
<body><h1>{{ .Site.Title }}</h1><ol>
{{ range .Site.RegularPages.ByDate.Reverse }}<li><article id="{{ .Params.id }}">
<h2><a href="{{ .Permalink }}">{{ .Title }}</a></h2>{{ .Content }}
<p>{{ .Params.severity }} · {{ .Params.kind }} · {{ .Date.Format "2 January 2006" }}</p></article></li>
{{ end }}</ol></body></html>
"""

HUGO_SINGLE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head>
<body><article id="{{ .Params.id }}"><h1>{{ .Title }}</h1>{{ .Content }}
<p>{{ .Params.severity }} · {{ .Params.kind }} · {{ .Date.Format "2 January 2006" }}</p></article></body></html>
"""

HUGO_ATOM = """{{ printf "<?xml version=\\"1.0\\" encoding=\\"utf-8\\"?>" | safeHTML }}
<feed xmlns="http://www.w3.org/2005/Atom"><id>{{ .Permalink }}</id><title>{{ .Site.Title }}</title>
<updated>{{ now.Format "2006-01-02T15:04:05Z07:00" }}</updated><author><name>Bench</name></author>
<link rel="self" href="{{ .Permalink }}feed.xml"/>
{{ range .Site.RegularPages.ByDate.Reverse }}<entry><id>{{ .Permalink }}</id><title>{{ .Title }}</title>
<updated>{{ .Date.Format "2006-01-02T15:04:05Z07:00" }}</updated><link href="{{ .Permalink }}"/>
<content type="html">{{ .Content | html }}</content></entry>
{{ end }}</feed>
"""


def hugo_site(count, all_live):
    site = WORK / f"hugo-{count}{'-live' if all_live else ''}"
    if is_current(site):
        return site
    shutil.rmtree(site, ignore_errors=True)
    folder = site / "content" / "announcements"
    folder.mkdir(parents=True)
    (site / "config.toml").write_text(HUGO_CONFIG)
    layouts = site / "layouts"
    (layouts / "_default").mkdir(parents=True)
    (layouts / "index.html").write_text(HUGO_INDEX)
    (layouts / "index.atom.xml").write_text(HUGO_ATOM)
    (layouts / "_default" / "single.html").write_text(HUGO_SINGLE)
    for record_id, fields, body in records(count, all_live):
        front = [f'title: "{fields["title"]}"', f'date: {fields["publishAt"]}']
        front += [f"{key}: {value}" for key, value in fields.items() if key not in ("title", "publishAt")]
        (folder / f"{record_id}.md").write_text("---\n" + "\n".join(front) + f"\n---\n{body}")
    (site / ".complete").write_text(GENERATOR)
    return site


def measure(command, output, clean=True):
    """Wall time and peak resident memory (MiB) of one run, from an empty output when clean."""
    if clean:
        shutil.rmtree(output, ignore_errors=True)
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    if status != 0:
        sys.exit(f"{' '.join(map(str, command))} failed:\n{process.stderr.read().decode()}")
    return elapsed, usage.ru_maxrss / 1024


def summarize(samples):
    times = [sample[0] for sample in samples]
    return statistics.median(times), max(sample[1] for sample in samples)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--herald", default=str(ROOT / ".build" / "release" / "herald"))
    parser.add_argument(
        "--disk-only", action="store_true", help="write outputs only onto the disk")
    parser.add_argument(
        "--all-live", action="store_true",
        help="keep every record live (no expiresAt): the worst case for the manifests' size")
    arguments = parser.parse_args()
    hugo = shutil.which("hugo")
    if hugo:
        version = subprocess.run([hugo, "version"], capture_output=True, text=True).stdout.split()[1]
        print(f"hugo {version} found: comparing on the same records")
    else:
        print("hugo is not installed (apt-get install hugo): measuring herald alone")
    print(f"{os.cpu_count()} cores, median of {arguments.runs} runs, each into an empty folder"
          + (", every record live" if arguments.all_live else ", records expire as in a real channel")
          + "\n")
    roots = []
    if Path("/dev/shm").is_dir() and not arguments.disk_only:
        roots.append(("RAM disk (/dev/shm)", Path("/dev/shm") / "herald-bench"))
    roots.append(("disk", WORK))
    for label, root in roots:
        print(f"outputs on the {label}:")
        header = f"{'records':>8}  {'herald':>9} {'peak':>8}"
        if hugo:
            header += f"  {'hugo':>9} {'peak':>8}  {'hugo/herald':>11}"
            header += f"  {'one-record edit: herald, hugo, ratio':>24}"
        print(header)
        for size in (int(text) for text in arguments.sizes.split(",")):
            print(run(size, root, arguments, hugo))
        shutil.rmtree(root / "out", ignore_errors=True)
        print()


def edited_rebuilds(command, output, record, runs):
    """Rebuilds into the previous output, each after an edit to one record's title."""
    original = record.read_text()
    samples = []
    try:
        for index in range(runs):
            record.write_text(original.replace("title: ", f"title: Edit {index} ", 1))
            samples.append(measure(command, output, clean=False))
    finally:
        record.write_text(original)
    return summarize(samples)


def run(size, root, arguments, hugo):
    """One table row: both tools on one site size, outputs under root."""
    site = herald_site(size, arguments.all_live)
    output = root / "out" / f"herald-{size}"
    command = [arguments.herald, "build", "--quiet", "--now", NOW, "--site", site, "--output", output]
    measure(command, output)  # warm the file cache
    herald_time, herald_peak = summarize([measure(command, output) for _ in range(arguments.runs)])
    herald_edit, _ = edited_rebuilds(
        command, output, site / "content" / "announcements" / "record-00007.md", arguments.runs)
    files = sum(len(names) for _, _, names in os.walk(output))
    megabytes = sum(f.stat().st_size for f in output.rglob("*") if f.is_file()) / 2**20
    line = f"{size:>8}  {herald_time * 1000:>7.0f}ms {herald_peak:>6.0f}MB"
    if hugo:
        hsite = hugo_site(size, arguments.all_live)
        houtput = root / "out" / f"hugo-{size}"
        hcommand = [hugo, "--quiet", "--source", hsite, "--destination", houtput]
        measure(hcommand, houtput)
        hugo_time, hugo_peak = summarize([measure(hcommand, houtput) for _ in range(arguments.runs)])
        hugo_edit, _ = edited_rebuilds(
            hcommand, houtput, hsite / "content" / "announcements" / "record-00007.md", arguments.runs)
        line += f"  {hugo_time * 1000:>7.0f}ms {hugo_peak:>6.0f}MB  {hugo_time / herald_time:>10.2f}x"
        line += f"  {herald_edit * 1000:>6.0f}ms {hugo_edit * 1000:>6.0f}ms {hugo_edit / herald_edit:>6.2f}x"
    return line + f"   (herald: {files} files, {megabytes:.0f} MB, manifests included)"


if __name__ == "__main__":
    main()
