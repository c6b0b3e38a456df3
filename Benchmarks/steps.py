"""Two herald binaries step by step, in one run: what a change that exists for speed saves.

`make bench BASELINE=path/to/older/herald` (or `bench.py --baseline PATH`) builds the same site
with both binaries in turn: each round takes a full `--no-cache` build, a cold cache and every edit
of `SiteEdits` with one binary and then the other (the order swapped every round, each binary with
an output and a cache of its own), then `herald diff --base HEAD` and `serve`'s save to reload.
Every build runs with HERALD_TIMINGS=1, so besides each whole run it prints each traced step
(`load the site` and its parts: `list the records`, `stat the records`, `match the cache's
files`, `read the records`; `plan the output`, ...) as the median of the rounds in each binary, and the
median of the rounds' ratios, new over baseline. A step that runs more than once in a build counts
once, summed.
"""
import os
import re
import statistics

import bench

STEP = re.compile(r"herald: (.*?): ([\d.]+) ms\b")


def traced(command, environment):
    """Wall milliseconds and each traced step's milliseconds (summed per name) of one run."""
    elapsed, result = bench.timed_run(command, dict(environment, HERALD_TIMINGS="1"))
    steps = {"whole": elapsed * 1000}
    for line in result.stderr.decode().splitlines():
        match = STEP.match(line)
        if match:
            steps[match.group(1)] = steps.get(match.group(1), 0.0) + float(match.group(2))
    return steps


def compare(size, root, arguments):
    """The lines comparing arguments.baseline (before) with arguments.herald (after) at one size."""
    site = bench.herald_site(size, arguments.all_live)
    edits = bench.SiteEdits(site)
    binaries = {"before": arguments.baseline, "after": arguments.herald}
    setups = {}
    for label, herald in binaries.items():
        output = root / f"{label}-{size}"
        cache = root / f"{label}-cache"
        setups[label] = (
            [herald, "build", "--now", bench.NOW, "--site", site, "--output", output, "--quiet"],
            output, cache, dict(os.environ, HERALD_CACHE_DIR=str(cache)))
        bench.Removal.clear(cache)
        bench.measure(setups[label][0], output, environment=setups[label][3])  # a warm cache
    works = ["full build", "cold cache"] + [name for name, _ in edits.kinds()] + ["diff", "serve"]
    wanted = set(works if not arguments.only else arguments.only.split(","))
    samples = {label: {work: [] for work in works} for label in binaries}
    try:
        for index in range(arguments.runs):
            order = list(binaries) if index % 2 == 0 else list(binaries)[::-1]
            for label in order:
                command, output, cache, environment = setups[label]
                if "full build" in wanted:
                    bench.Removal.clear(output)
                    samples[label]["full build"].append(
                        traced(command + ["--no-cache"], environment))
                if "cold cache" in wanted:
                    bench.Removal.clear(output)
                    bench.Removal.clear(cache)
                    samples[label]["cold cache"].append(traced(command, environment))
                # Each edit starts from a warm build: `--no-cache` leaves the output no map.
                if "full build" in wanted and "cold cache" not in wanted:
                    bench.measure(command, environment=environment)
            for name, apply in edits.kinds():
                for label in order if name in wanted else []:
                    command, _, _, environment = setups[label]
                    apply(index)
                    samples[label][name].append(traced(command, environment))
                    edits.undo()
                    bench.measure(command, environment=environment)
    finally:
        edits.undo()
    # The pull request's comment on a live title edited, the site committed first (by diff_time).
    if "diff" in wanted:
        bench.diff_time(arguments.herald, site, edits, setups["after"][3], 1)
    edits.change(edits.live, title="Edit for diff")
    try:
        for index in range(arguments.runs if "diff" in wanted else 0):
            for label in (list(binaries) if index % 2 == 0 else list(binaries)[::-1]):
                command = [binaries[label], "diff", "--now", bench.NOW, "--site", site, "--base",
                           "HEAD"]
                samples[label]["diff"].append(traced(command, setups[label][3]))
    finally:
        edits.undo()
    for index in range(2 if "serve" in wanted else 0):
        for label in (list(binaries) if index == 0 else list(binaries)[::-1]):
            saves = bench.serve_latency(
                binaries[label], site, site / "content" / "announcements" / "record-00007.md",
                max(arguments.runs // 2, 3))
            samples[label]["serve"] += [{"whole": seconds * 1000} for seconds in saves]
    for label in binaries:
        bench.Removal.clear(setups[label][1])
        bench.Removal.clear(setups[label][2])
    lines = [f"  {size:,} records, {arguments.runs} rounds, before = {arguments.baseline},"
             f" after = {arguments.herald}:"]
    for work in works:
        before, after = samples["before"][work], samples["after"][work]
        if not before or not after:
            continue
        lines.append(f"    {work:<36} {'before':>9} {'after':>9}  after/before")
        # Every step either binary traced, in the order they ran (a step one binary lacks is 0).
        names = list(dict.fromkeys(name for sample in before + after for name in sample))
        for name in names:
            old = statistics.median(sample.get(name, 0.0) for sample in before)
            new = statistics.median(sample.get(name, 0.0) for sample in after)
            if max(old, new) < 1 and name != "whole":
                continue
            ratios = [a.get(name, 0.0) / b[name] for b, a in zip(before, after) if b.get(name)]
            ratio = f"{statistics.median(ratios):.2f}" if len(before) == len(after) and ratios \
                else (f"{new / old:.2f}" if old else "-")
            lines.append(f"      {name:<34} {old:7.1f} ms {new:7.1f} ms  {ratio}")
    return lines
