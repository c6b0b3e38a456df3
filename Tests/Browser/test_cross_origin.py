"""A web app on one origin reads its channel behind a real nginx on another, configured exactly as
docs/deploy.md says (both forms): three loads in a row are fresh, a rebuild that adds a wall shows
it on the next load, and a stopped nginx fails open."""
import shutil
import tempfile
import unittest
from pathlib import Path

import support

PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>An app on another origin</title></head>
<body><main><h1>Linewise for the web</h1>
<herald-announcements channel="{channel}" platform="ios" app-version="1.9.2" user-id="ada">
</herald-announcements></main>
<script type="module" src="/dist/web.js"></script></body></html>
"""

STATE = """
const element = document.querySelector("herald-announcements");
const state = element && element.state;
if (!state || (state.failure && state.failure.kind === "not-fetched")) return null;
return {freshness: state.freshness, wall: state.wall && state.wall.id,
        failure: state.failure && state.failure.kind,
        drawnWall: !!element.shadowRoot.querySelector("dialog.wall[open]"),
        archive: state.archive.length};
"""

WALL = """---
id: web-wall
title: This version has stopped working
severity: CRITICAL
kind: UPDATE_AVAILABLE
blocking: true
confirmBlocking: web-wall
actionUrl: https://linewise.example/update
belowVersion: 1.10.0
platforms: [ios]
publishAt: 2026-11-29
---
Update to keep your timetables right.
"""


class CrossOriginTests(unittest.TestCase):
    def run_form(self, form):
        work = support.temporary_folder("herald-cross-")
        site = support.example_site()
        port = support.free_port()
        output = work / ("public" if form == "alias" else "www/whats-new")
        base = f"http://127.0.0.1:{port}/whats-new/"
        build = lambda: support.herald("build", "--site", site, "--output", output, "--quiet",
                                       "--base-url", base, "--now", support.NOW)
        build()
        nginx = support.Nginx(form, output if form == "alias" else work / "www", port)
        app = support.PageServer(support.app_folder(PAGE.format(channel=base)))
        profile = tempfile.mkdtemp(prefix="herald-profile-")
        driver = support.chromium(profile=profile)
        try:
            page = app.origin + "/"
            for load in range(3):
                driver.get(page)
                state = support.wait_for(driver, STATE)
                self.assertEqual(state["freshness"], "fresh", f"{form}, load {load + 1}: {state}")
                self.assertIsNone(state["wall"])
                self.assertGreater(state["archive"], 0)
            logs = [entry["message"] for entry in driver.get_log("browser")]
            self.assertFalse([m for m in logs if "CORS" in m], f"{form}: {logs}")
            log = nginx.access_log()
            self.assertNotIn('"OPTIONS ', log, "no request needed a preflight")
            self.assertIn('" 304 ', log, "the browser revalidated with its own validators")

            (site / "content" / "announcements" / "web-wall.md").write_text(WALL)
            build()
            driver.get(page)
            state = support.wait_for(driver, STATE)
            self.assertEqual((state["freshness"], state["wall"]), ("fresh", "web-wall"), state)
            self.assertTrue(state["drawnWall"], "the wall is drawn")

            nginx.stop()
            driver.get(page)
            state = support.wait_for(driver, STATE)
            self.assertNotEqual(state["freshness"], "fresh", state)
            self.assertIsNone(state["wall"], "offline is never a wall")
            self.assertFalse(state["drawnWall"])
        finally:
            driver.quit()
            app.stop()
            if nginx.process.poll() is None:
                nginx.stop()
            shutil.rmtree(profile, ignore_errors=True)

    def test_alias(self):
        self.run_form("alias")

    def test_root(self):
        self.run_form("root")


if __name__ == "__main__":
    unittest.main()
