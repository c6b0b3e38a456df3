"""What a web developer gets from bad input: a host that sends no CORS headers, a wrong channel URL,
a malformed row (left out, the others kept) and a full storage all fail open with the reason in the state, and nothing is
thrown into the page."""
import hashlib
import json
import shutil
import unittest

import support

PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Failing open</title></head>
<body><main><h1>Linewise for the web</h1>
<herald-announcements platform="ios" app-version="1.9.2" user-id="ada"></herald-announcements></main>
<script>
window.heraldErrors = [];
window.addEventListener("error", (event) => window.heraldErrors.push(String(event.message)));
window.addEventListener("unhandledrejection", (event) => window.heraldErrors.push(String(event.reason)));
// A storage that is full: every write refused, as a browser whose quota is spent does.
if (new URLSearchParams(location.search).has("full")) {
  Storage.prototype.setItem = function () { throw new DOMException("The quota has been exceeded.", "QuotaExceededError"); };
}
</script>
<script type="module">
import "/dist/web.js";
document.querySelector("herald-announcements").setAttribute("channel", new URLSearchParams(location.search).get("channel"));
</script></body></html>
"""

STATE = """
const element = document.querySelector("herald-announcements");
const state = element && element.state;
if (!state || (state.failure && state.failure.kind === "not-fetched")) return null;
return {freshness: state.freshness, failure: state.failure, wall: state.wall && state.wall.id,
        archive: state.archive.map((entry) => entry.message.id), errors: window.heraldErrors};
"""


class FailOpenTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        site = support.example_site()
        cls.app_folder = support.app_folder(PAGE)
        cls.app = support.PageServer(cls.app_folder)
        # The same files on another origin, from a host that sends no CORS headers.
        cls.elsewhere = support.PageServer(cls.app_folder)
        # The channel on the app's own origin (no CORS needed), and a copy with one malformed row.
        for name in ("whats-new", "malformed"):
            support.herald("build", "--site", site, "--output", cls.app_folder / name, "--quiet",
                           "--base-url", f"{cls.app.origin}/{name}/", "--now", support.NOW)
        manifest = cls.app_folder / "malformed" / "api" / "v1" / "ios" / "1.9.2.json"
        document = json.loads(manifest.read_text())
        cls.broken = document["announcements"][0]["id"]
        document["announcements"][0]["publishedAt"] = 20261130
        manifest.write_text(json.dumps(document))
        # Apps read the document's content-addressed copy, which the index names by its hash: the
        # broken manifest gets its own, as a channel edited by hand would.
        body = manifest.read_bytes()
        sha256 = hashlib.sha256(body).hexdigest()
        api = cls.app_folder / "malformed" / "api" / "v1"
        (api / "objects" / f"{sha256}.json").write_bytes(body)
        index = json.loads((api / "index.json").read_text())
        for release in index["platforms"]["ios"]["releases"]:
            if release["version"] == "1.9.2":
                release["object"] = {"bytes": len(body), "sha256": sha256,
                                     "url": f"{cls.app.origin}/malformed/api/v1/objects/{sha256}.json"}
        (api / "index.json").write_text(json.dumps(index))
        cls.driver = support.chromium()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.app.stop()
        cls.elsewhere.stop()
        shutil.rmtree(cls.app_folder, ignore_errors=True)

    def load(self, channel, full=False):
        self.driver.get(f"{self.app.origin}/?channel={channel}" + ("&full" if full else ""))
        state = support.wait_for(self.driver, STATE)
        self.assertEqual(state["errors"], [], "nothing is thrown into the page")
        self.assertIsNone(state["wall"])
        return state

    def test_the_channel_itself_is_fresh(self):
        # The page's own origin, so the other cases fail for their reason and no other.
        state = self.load(self.app.origin + "/whats-new/")
        self.assertEqual(state["freshness"], "fresh", state)

    def test_a_host_without_cors_headers(self):
        state = self.load(self.elsewhere.origin.replace("localhost", "127.0.0.1") + "/whats-new/")
        self.assertEqual(state["freshness"], "unavailable")
        self.assertEqual(state["failure"]["kind"], "network", state)

    def test_a_wrong_channel_url(self):
        state = self.load(self.app.origin + "/whats-old/")
        self.assertEqual(state["freshness"], "unavailable")
        self.assertEqual(state["failure"], {"kind": "status", "status": 404})

    def test_a_malformed_row(self):
        # The protocol leaves out a row it cannot read and keeps the others.
        whole = self.load(self.app.origin + "/whats-new/")
        state = self.load(self.app.origin + "/malformed/")
        self.assertEqual(state["freshness"], "fresh", state)
        self.assertIn(self.broken, whole["archive"])
        self.assertEqual(state["archive"], [i for i in whole["archive"] if i != self.broken])

    def test_a_full_storage(self):
        state = self.load(self.app.origin + "/whats-new/", full=True)
        self.assertEqual(state["freshness"], "fresh", "a storage that refuses writes loses nothing now")
        self.assertTrue(state["archive"])


if __name__ == "__main__":
    unittest.main()
