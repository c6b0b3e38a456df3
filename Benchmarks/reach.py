#!/usr/bin/env python3
"""Reach: from `herald deploy` returning to a polling app of each client showing a new wall.

A real S3-compatible store (SeaweedFS, from .build/s3-venv) with Varnish in front, which keeps the
pointers (every path but api/v1/objects/) 60 seconds, as a CDN set to a 60-second pointer lifetime
does. The example site is built and deployed; then a wall up to 1.10.1 is added, built and deployed
(without --purge), and the Swift, TypeScript and Kotlin clients (their conformance adapters, each
a fresh read as an app's launch) poll through Varnish every POLL seconds until they show it.
Prints each client's delay. Run from the repository after scripts/test (which builds the adapters
and installs SeaweedFS and Varnish): python3 Benchmarks/reach.py [--poll 5]
"""
import argparse, json, os, pathlib, shutil, socket, subprocess, sys, tempfile, threading, time, urllib.request

ROOT = pathlib.Path(__file__).resolve().parent.parent
HERALD = ROOT / ".build/debug/herald"


def free_ports(count):
    sockets = [socket.socket() for _ in range(count)]
    for s in sockets:
        s.bind(("127.0.0.1", 0))
    ports = [s.getsockname()[1] for s in sockets]
    for s in sockets:
        s.close()
    return ports


def wait_for(url, seconds=30):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url, timeout=1)
            return
        except urllib.error.HTTPError:
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"{url} did not answer")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--poll", type=float, default=5.0)
    parser.add_argument("--purge", action="store_true", help="deploy with --purge through Varnish")
    arguments = parser.parse_args()
    work = pathlib.Path(tempfile.mkdtemp(prefix="herald-reach-"))
    work.chmod(0o755)  # varnishd reads its files as its own user
    s3, *others = free_ports(9)
    (work / "ids.json").write_text(json.dumps({"identities": [
        {"name": "admin", "credentials": [{"accessKey": "AK", "secretKey": "SK"}],
         "actions": ["Admin", "Read", "Write", "List"]},
        {"name": "anonymous", "actions": ["Read"]}]}))
    (work / "data").mkdir()
    names = ["s3.port.grpc", "master.port", "master.port.grpc", "volume.port", "volume.port.grpc",
             "filer.port", "filer.port.grpc"]
    weed = subprocess.Popen(
        [str(ROOT / ".build/s3-venv/bin/weed"), "mini", f"-dir={work}/data", "-ip=127.0.0.1",
         "-ip.bind=127.0.0.1", f"-s3.config={work}/ids.json", "-admin.ui=false", "-webdav=false",
         "-s3.port.iceberg=0", "-s3.port.lance=0", "-s3.port.https=0", f"-s3.port={s3}"]
        + [f"-{name}={port}" for name, port in zip(names, others)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    env = dict(os.environ, AWS_ACCESS_KEY_ID="AK", AWS_SECRET_ACCESS_KEY="SK")
    endpoint = f"http://127.0.0.1:{s3}"
    varnish_port = others[-1]
    (work / "reach.vcl").write_text(f"""vcl 4.1;
backend store {{ .host = "127.0.0.1"; .port = "{s3}"; }}
sub vcl_recv {{
  set req.http.host = "cdn";
  set req.url = "/reach/news" + req.url;
  if (req.method == "PURGE") {{ return (purge); }}
  return (hash);
}}
sub vcl_backend_response {{
  if (bereq.url !~ "/api/v1/objects/") {{ set beresp.ttl = 60s; }}
}}
""")
    try:
        deadline = time.monotonic() + 30
        while subprocess.run(["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "-X", "PUT",
                              "--aws-sigv4", "aws:amz:us-east-1:s3", "--user", "AK:SK",
                              f"{endpoint}/reach"], capture_output=True, text=True).stdout != "200":
            if time.monotonic() > deadline:
                raise SystemExit("SeaweedFS did not start")
            time.sleep(0.2)
        subprocess.run(["varnishd", "-a", f"127.0.0.1:{varnish_port}", "-f", str(work / "reach.vcl"),
                        "-s", "malloc,64m", "-n", str(work / "varnish"), "-T", "none",
                        "-P", str(work / "varnish.pid")], check=True, capture_output=True)
        cdn = f"http://127.0.0.1:{varnish_port}/"
        wait_for(cdn + "api/v1/index.json")
        site = work / "site"
        shutil.copytree(ROOT / "content", site / "content")
        shutil.copy(ROOT / "herald.yaml", site / "herald.yaml")
        now = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        build = [str(HERALD), "build", "--site", str(site), "--base-url", cdn, "--quiet"]
        deploy = [str(HERALD), "deploy", "--output", str(site / "public"), "--to", "s3://reach/news",
                  "--endpoint", endpoint] + (["--purge", cdn + "{path}"] if arguments.purge else [])
        subprocess.run(build, check=True)
        subprocess.run(deploy, check=True, env=env, capture_output=True)
        adapters = {
            "swift": [str(ROOT / ".build/debug/HeraldConformanceAdapter")],
            "typescript": ["node", str(ROOT / "clients/js/build/tests/conformance-adapter.js")],
            "kotlin": ["java", "-cp", ":".join([
                str(ROOT / "clients/kotlin/build/conformance.jar"),
                str(ROOT / "clients/kotlin/build/herald-client.jar"),
                "/usr/share/java/kotlin-stdlib.jar"]), "herald.client.conformance.AdapterKt"],
        }
        processes = {name: subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                            text=True) for name, command in adapters.items()}

        def read(name):
            request = {"case": "reach", "channel": cdn, "server": cdn, "cached": {},
                       "timeoutMilliseconds": 10000,
                       "input": {"platform": "ios", "version": "1.10.1", "now": now, "seen": [],
                                 "accountCreatedAt": None, "languages": []}}
            process = processes[name]
            process.stdin.write(json.dumps(request) + "\n")
            process.stdin.flush()
            answer = json.loads(process.stdout.readline())
            wall = (answer.get("state") or {}).get("wall")
            return wall and wall.get("id")

        for name in adapters:
            assert read(name) is None, f"{name} shows a wall before the deploy"
        # Every client has read the old channel through the cache; now the wall.
        (site / "content/announcements/reach-wall.md").write_text(f"""---
id: reach-wall
title: Linewise 1.10 must be updated
severity: CRITICAL
kind: UPDATE_AVAILABLE
blocking: true
confirmBlocking: reach-wall
maxVersion: 1.10.1
actionUrl: store
actionLabel: Update Linewise
publishAt: {now}
---
This version must be updated.
""")
        built = subprocess.run(build, capture_output=True, text=True)
        if built.returncode != 0:
            raise SystemExit(built.stderr)
        subprocess.run(deploy, check=True, env=env, capture_output=True)
        returned = time.monotonic()
        delays = {}

        def poll(name):
            while time.monotonic() - returned < 300:
                if read(name) == "reach-wall":
                    delays[name] = time.monotonic() - returned
                    return
                time.sleep(arguments.poll)

        threads = [threading.Thread(target=poll, args=(name,)) for name in adapters]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        for name in adapters:
            print(f"{name}: " + (f"{delays[name]:.1f} s" if name in delays else "not within 300 s"))
        bound = arguments.poll if arguments.purge else 60 + arguments.poll
        print(f"pointers' max-age 60 s{', purged' if arguments.purge else ''}, one poll"
              f" {arguments.poll:.0f} s: the bound is {bound:.0f} s")
        for process in processes.values():
            process.stdin.close()
    finally:
        pid = (work / "varnish.pid")
        if pid.exists():
            subprocess.run(["kill", "-9", pid.read_text().strip()])
        weed.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
