"""The web client's storage: what a user saw survives a reload (localStorage), per user."""
import json
import unittest

import support

PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Storage</title></head>
<body><main><h1>Storage</h1>
<herald-announcements channel="{channel}" platform="ios" app-version="2.0.0" user-id="{user}">
</herald-announcements></main>
<script type="module" src="/dist/web.js"></script></body></html>
"""

INTERRUPTION = """const state = document.querySelector('herald-announcements').state;
return state && state.freshness === 'fresh' ? [state.interruption && state.interruption.id] : null;"""


class StorageTests(unittest.TestCase):
    def test_seen_survives_a_reload_per_user(self):
        folder = support.app_folder(PAGE.format(channel="/news/", user="ada"))
        (folder / "grace.html").write_text(PAGE.format(channel="/news/", user="grace"))
        server = support.PageServer(folder)
        # The conformance channel, published on the page's own origin.
        channel = json.loads((support.ROOT / "conformance/client/channels/channel-n0.json").read_text())
        for path, document in channel["documents"].items():
            target = folder / "news" / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(json.dumps(document).replace(channel["baseURL"], server.origin + "/news/"))
        driver = support.chromium()
        try:
            page = server.origin + "/"
            driver.get(page)
            first = support.wait_for(driver, INTERRUPTION)[0]
            self.assertIsNotNone(first)
            driver.execute_script(
                "document.querySelector('herald-announcements').shadowRoot"
                ".querySelector('dialog.modal .secondary, .strip .secondary').click()")
            support.wait_for(driver, INTERRUPTION.replace("[state", "state.interruption?.id !== " + json.dumps(first) + " && [state"))
            driver.get(page)
            again = support.wait_for(driver, INTERRUPTION)[0]
            self.assertNotEqual(again, first, "the dismissed message stays seen after a reload")
            self.assertTrue(any("herald:seen:" in key for key in driver.execute_script("return Object.keys(localStorage)")))
            driver.get(server.origin + "/grace.html")
            other = support.wait_for(driver, INTERRUPTION)[0]
            self.assertEqual(other, first, "another user on the same browser has not seen it")
        finally:
            driver.quit()
            server.stop()


if __name__ == "__main__":
    unittest.main()
