"""`herald serve --compose` (/_herald/compose/) in headless Chromium, as a product manager uses it:
a new IMPORTANT dialog and a wall from an empty form to a commit, an existing record edited, an
error fixed at its field, a reload in the middle of a draft, and axe-core in light and dark."""
import subprocess
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

import support
from test_app_preview import FRAME_STATE, HeraldServe, SCREENSHOTS


def git(site, *arguments):
    return subprocess.run(["git", "-C", str(site), "-c", "user.email=test@herald.invalid", "-c", "user.name=Test",
                           *arguments], check=True, capture_output=True, text=True).stdout.strip()


class ComposerTests(unittest.TestCase):
    def setUp(self):
        self.site = support.example_site()
        git(self.site, "init", "-q", "-b", "main")
        git(self.site, "add", "-A")
        git(self.site, "commit", "-qm", "The example")
        self.serve = HeraldServe(self.site, "--compose")
        self.driver = support.chromium()
        self.addCleanup(self.serve.stop)
        self.addCleanup(self.driver.quit)

    def open(self, query=""):
        self.driver.set_window_size(1280, 1000)
        support.set_color_scheme(self.driver, "light")
        self.driver.get(f"{self.serve.origin}/_herald/compose/{query}")
        support.wait_for(self.driver, "return document.body.dataset.checks || null")

    def field(self, name):
        return self.driver.find_element(By.ID, "field-" + name)

    def type(self, name, text):
        element = self.field(name)
        element.clear()
        element.send_keys(text)

    def set_time(self, name, local):
        self.driver.execute_script(
            "arguments[0].value = arguments[1];"
            "arguments[0].dispatchEvent(new Event('input', {bubbles: true}));", self.field(name), local)

    def settled(self, condition):
        """Waits until the last check's answer is drawn and `condition` (a JS expression) holds."""
        return support.wait_for(self.driver, f"return ({condition}) || null")

    def cells(self):
        return self.driver.execute_script(
            "return Array.from(document.querySelectorAll('#matrix tr'), (row) =>"
            " [row.cells[0].textContent, row.cells[1].textContent]);")

    def save(self):
        self.settled("!document.getElementById('save').disabled")
        self.driver.find_element(By.ID, "save").click()
        return self.settled("document.getElementById('saved').textContent")

    def test_a_new_important_dialog_for_one_platform_from_an_empty_form_to_a_commit(self):
        self.open()
        self.type("id", "dark-mode")
        self.type("title", "Dark mode is here")
        Select(self.field("severity")).select_by_value("IMPORTANT")
        Select(self.field("kind")).select_by_value("WHATS_NEW")
        self.driver.find_element(By.CSS_SELECTOR, "input[name=platforms][value=ios]").click()
        self.type("minVersion", "1.10.0")
        self.set_time("publishAt", "2026-11-20T09:00")
        self.type("body", "Turn it on in **Settings**.\n\n- It follows the system\n- It saves battery")
        self.settled("document.querySelector('#matrix td.shows-dialog')")
        cells = dict(self.cells())
        self.assertEqual(cells["ios 2.0.0"], "dialog")
        self.assertEqual(cells["ios 1.9.2"], "nothing", "below minVersion")
        self.assertEqual(cells["android 2.0.0"], "nothing", "another platform")
        self.assertIn("<li>It saves battery</li>", self.driver.find_element(By.ID, "body-html").get_attribute("innerHTML"))
        # The app picked in the table draws the draft, before anything is saved.
        self.driver.find_element(By.CSS_SELECTOR, "button[aria-label='ios 2.0.0 (en-GB): dialog']").click()
        state = support.wait_for(self.driver, FRAME_STATE.replace(
            "return state &&", "return state && state.interruption &&"))
        self.assertEqual(state["interruption"], ["dialog", "dark-mode"])
        self.assertFalse((self.site / "content" / "announcements" / "dark-mode.md").exists())
        self.driver.execute_script("window.scrollTo(0, 0)")
        self.save_screenshot("composer-1280.png")
        said = self.save()
        self.assertIn("herald/dark-mode", said)
        text = (self.site / "content" / "announcements" / "dark-mode.md").read_text()
        self.assertIn("severity: IMPORTANT\n", text)
        self.assertIn("platforms: [ios]\n", text)
        self.assertIn("publishAt: 2026-11-20T09:00:00", text)
        self.assertEqual(git(self.site, "show", "herald/dark-mode:content/announcements/dark-mode.md") + "\n", text)
        self.assertEqual(git(self.site, "rev-parse", "--abbrev-ref", "HEAD"), "main")
        support.herald("check", "--site", self.site)

    def test_a_wall_from_start_to_commit(self):
        self.open()
        self.type("id", "sunset-1-9")
        self.type("title", "Please update Linewise")
        Select(self.field("severity")).select_by_value("CRITICAL")
        Select(self.field("kind")).select_by_value("UPDATE_AVAILABLE")
        self.set_time("publishAt", "2026-11-01T00:00")
        self.type("body", "This version can no longer read the timetables.")
        self.assertFalse(self.field("confirmBlocking").is_displayed(), "asked only for a wall")
        self.assertFalse(self.driver.find_element(By.ID, "rollout-share").is_displayed(), "asked only for a share")
        self.field("blocking").click()
        self.settled("document.getElementById('problem-confirmBlocking').textContent")
        for name in ("confirmBlocking", "actionUrl", "belowVersion"):
            self.assertEqual(self.field(name).get_attribute("aria-invalid"), "true", name)
        self.assertFalse(self.driver.find_element(By.ID, "save").is_enabled())
        self.type("actionUrl", "store")
        self.type("belowVersion", "1.10.0")
        self.type("confirmBlocking", "sunset-1-9")
        walls = self.settled("document.getElementById('walls').textContent.startsWith('It walls 6')"
                             " && document.getElementById('walls').textContent")
        self.assertIn("ios 1.8.0", walls)
        self.driver.execute_script("document.getElementById('field-blocking').scrollIntoView({block: 'start'})")
        self.save_screenshot("composer-wall-1280.png")
        self.assertIn("herald/sunset-1-9", self.save())
        self.assertIn("blocking: true\n", git(self.site, "show", "herald/sunset-1-9:content/announcements/sunset-1-9.md"))

    def test_an_existing_record_edited(self):
        self.open()
        Select(self.driver.find_element(By.ID, "open")).select_by_value("sunset-1-8")
        self.settled("document.getElementById('field-title')?.value.includes('stopped working')")
        self.type("title", "Linewise 1.8 has stopped working")
        self.settled("document.getElementById('text').textContent.includes('Linewise 1.8 has stopped')")
        self.assertIn("herald/sunset-1-8", self.save())
        text = (self.site / "content" / "announcements" / "sunset-1-8.md").read_text()
        self.assertIn('title: "Linewise 1.8 has stopped working"', text)

    def test_a_rollout_with_a_salt_of_its_own_survives_an_edit_of_the_title(self):
        (self.site / "content" / "announcements" / "winter-test.md").write_text(
            "---\nid: winter-test\ntitle: Winter timetables\nseverity: INFO\nkind: NOTICE\n"
            "publishAt: 2026-11-01\nrollout:\n  salt: winter-test\n"
            "  steps: [{after: 0d, share: 5%}, {after: 3d, share: 50%}]\n---\nNew times from Monday.\n")
        self.open("?id=winter-test")
        self.settled("document.getElementById('field-title')?.value === 'Winter timetables'")
        self.assertEqual(Select(self.field("rollout")).first_selected_option.get_attribute("value"), "steps")
        self.type("title", "Winter timetables are here")
        self.settled("document.getElementById('text').textContent.includes('are here')")
        self.save()
        text = (self.site / "content" / "announcements" / "winter-test.md").read_text()
        self.assertIn('rollout: {salt: "winter-test", steps: [{after: 0d, share: 5%}, {after: 3d, share: 50%}]}', text)

    def test_an_error_is_shown_at_its_field_and_fixed_there(self):
        self.open()
        self.type("id", "Dark Mode")
        problem = self.settled("document.getElementById('problem-id').textContent")
        self.assertIn("slug", problem)
        self.assertEqual(self.field("id").get_attribute("aria-invalid"), "true")
        self.type("id", "dark-mode")
        self.settled("document.getElementById('problem-id').textContent === ''")
        self.assertIsNone(self.field("id").get_attribute("aria-invalid"))

    def test_a_reload_mid_draft_loses_nothing(self):
        self.open()
        self.type("id", "half-written")
        self.type("title", "A note half written")
        self.settled("(localStorage.getItem('herald-compose-draft:' + location.host) || '').includes('half written')")
        self.driver.refresh()
        self.settled("document.getElementById('field-title')?.value === 'A note half written'")
        self.assertEqual(self.field("id").get_attribute("value"), "half-written")

    def test_the_page_is_accessible_in_light_and_dark(self):
        self.open()
        self.type("id", "Not A Slug")
        self.settled("document.getElementById('problem-id').textContent")
        for scheme in ("light", "dark"):
            support.set_color_scheme(self.driver, scheme)
            violations = support.axe_violations(self.driver)
            self.assertFalse(violations, f"{scheme}: {support.describe(violations)}")

    def save_screenshot(self, name):
        path = SCREENSHOTS / name
        if path.exists() and not support.RECORDING:
            return
        self.driver.save_screenshot(str(path))


if __name__ == "__main__":
    unittest.main()
