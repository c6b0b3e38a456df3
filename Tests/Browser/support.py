"""What the browser tests share: loopback servers, a headless Chromium, nginx as docs/deploy.md
configures it, and herald builds."""
import functools
import http.server
import json
import os
import re
import shutil
import socket
import subprocess
import tempfile
import threading
import time
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

ROOT = Path(__file__).resolve().parent.parent.parent
HERALD = Path(os.environ.get("HERALD", ROOT / ".build" / "debug" / "herald"))
DIST = ROOT / "clients" / "js" / "dist"
NOW = "2026-11-30T12:00:00Z"
RECORDING = os.environ.get("RECORD_GOLDEN") == "1"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *arguments):
        pass

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


class PageServer:
    """Serves a folder on http://localhost:<port>/ (an origin of its own: the app's)."""

    def __init__(self, folder):
        self.port = free_port()
        handler = functools.partial(QuietHandler, directory=str(folder))
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", self.port), handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.origin = f"http://localhost:{self.port}"

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


def temporary_folder(prefix):
    """A new folder that nginx's worker (another user) may read."""
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    folder.chmod(0o755)
    return folder


def app_folder(page_html):
    """A folder holding the page and the built client under /dist/."""
    folder = temporary_folder("herald-browser-")
    (folder / "index.html").write_text(page_html)
    shutil.copytree(DIST, folder / "dist")
    return folder


def chromium(width=1280, height=800, profile=None):
    """A headless Chromium; a profile folder kept across loads is what a returning visitor has."""
    options = Options()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", f"--window-size={width},{height}",
                 "--disable-dev-shm-usage", "--hide-scrollbars"):
        options.add_argument(flag)
    if profile is not None:
        options.add_argument(f"--user-data-dir={profile}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    if binary:
        options.binary_location = binary
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    return webdriver.Chrome(service=Service(driver_path), options=options)


def set_color_scheme(driver, scheme):
    """Emulates a colour scheme, and reduced motion, so what is measured or pictured is still."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
        {"name": "prefers-color-scheme", "value": scheme},
        {"name": "prefers-reduced-motion", "value": "reduce"}]})


def wait_for(driver, script, timeout=20):
    """Polls a script until it returns something truthy, and returns that."""
    return WebDriverWait(driver, timeout, poll_frequency=0.05).until(lambda d: d.execute_script(script))


def deploy_configuration(form):
    """The nginx server block docs/deploy.md gives, by its marker comment."""
    text = (ROOT / "docs" / "deploy.md").read_text()
    for block in text.split("```nginx\n")[1:]:
        block = block.split("```")[0]
        if f"# herald: {form}" in block:
            return block
    raise AssertionError(f"docs/deploy.md has no '# herald: {form}' configuration")


class Nginx:
    """Debian's nginx on loopback running one of docs/deploy.md's configurations, with an access log."""

    def __init__(self, form, site_root, port):
        self.port = port
        self.folder = Path(tempfile.mkdtemp(prefix="herald-nginx-"))
        server = (deploy_configuration(form)
                  .replace("listen 80;", f"listen 127.0.0.1:{port};")
                  .replace("/srv/herald/public/", str(site_root) + "/")
                  .replace("root /srv/www;", f"root {site_root};"))
        temp = self.folder
        (temp / "nginx.conf").write_text(f"""
worker_processes 1;
daemon off;
error_log {temp}/error.log;
pid {temp}/nginx.pid;
events {{ worker_connections 64; }}
http {{
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log {temp}/access.log;
  client_body_temp_path {temp}/body;
  proxy_temp_path {temp}/proxy;
  fastcgi_temp_path {temp}/fastcgi;
  uwsgi_temp_path {temp}/uwsgi;
  scgi_temp_path {temp}/scgi;
{server}
}}
""")
        binary = shutil.which("nginx") or "/usr/sbin/nginx"
        self.process = subprocess.Popen([binary, "-c", str(temp / "nginx.conf"), "-p", str(temp)],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise AssertionError((temp / "error.log").read_text())
                time.sleep(0.02)

    def access_log(self):
        path = self.folder / "access.log"
        return path.read_text() if path.exists() else ""

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


def herald(*arguments):
    result = subprocess.run([str(HERALD), *map(str, arguments)], capture_output=True, text=True,
                            env=dict(os.environ, HERALD_CACHE_DIR=tempfile.gettempdir() + "/herald-browser-cache"))
    if result.returncode != 0:
        raise AssertionError(f"herald {' '.join(map(str, arguments))}: {result.stderr}")
    return result.stdout


def example_site():
    """A copy of the repository's example site."""
    folder = temporary_folder("herald-site-")
    shutil.copy(ROOT / "herald.yaml", folder / "herald.yaml")
    shutil.copytree(ROOT / "content", folder / "content")
    return folder


def axe_violations(driver):
    """The serious and critical accessibility violations axe-core finds in the page."""
    from axe_selenium_python import Axe
    axe = Axe(driver)
    axe.inject()
    results = axe.run()
    return [v for v in results["violations"] if v.get("impact") in ("serious", "critical")]


def describe(violations):
    return json.dumps([{"id": v["id"], "nodes": [n.get("target") for n in v["nodes"]]} for v in violations],
                      indent=1)


def contrast(foreground, background):
    """The WCAG contrast ratio of two CSS colours as getComputedStyle gives them (rgb(), rgba(), or
    Chromium's color(srgb …) and oklch() for relative colours, which are turned into sRGB)."""
    def srgb(text):
        numbers = [float(n) for n in re.findall(r"-?[0-9.]+(?:e-?[0-9]+)?", text)]
        if text.startswith("oklch"):
            lightness, chroma, hue = numbers[:3]
            if lightness > 1:
                lightness /= 100
            import math
            a, b = chroma * math.cos(math.radians(hue)), chroma * math.sin(math.radians(hue))
            l_, m_, s_ = (lightness + 0.3963377774 * a + 0.2158037573 * b) ** 3, \
                (lightness - 0.1055613458 * a - 0.0638541728 * b) ** 3, \
                (lightness - 0.0894841775 * a - 1.2914855480 * b) ** 3
            linear = [4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_,
                      -1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_,
                      -0.0041960863 * l_ - 0.7034186147 * m_ + 1.7076147010 * s_]
            return [min(max(c, 0.0), 1.0) for c in linear]
        channels = numbers[:3] if text.startswith("color(") else [n / 255 for n in numbers[:3]]
        return [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]

    def luminance(text):
        r, g, b = srgb(text)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    light, dark = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (light + 0.05) / (dark + 0.05)
