#!/usr/bin/env python3
"""Checks the OpenGraph and Twitter card tags of built pages, read with Python's HTML parser.

Every record page (announcements/<id>/index.html) and archive page (index.html, page/N/index.html,
and each locale's) must carry og:type, og:site_name, og:title, og:description, og:url (the page's
canonical URL), twitter:card, twitter:title and twitter:description, none empty. A record page's
og:type is "article" and its description its body's first paragraph (the description meta).

Usage: check-sharing-tags.py OUTPUT... ; exits 1 naming each page and tag that fails.
"""
import html.parser
import pathlib
import re
import sys

REQUIRED = ["og:type", "og:site_name", "og:title", "og:description", "og:url",
            "twitter:card", "twitter:title", "twitter:description"]


class Head(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.meta = {}
        self.canonical = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "meta":
            key = attrs.get("property") or attrs.get("name")
            if key and "content" in attrs:
                self.meta.setdefault(key, []).append(attrs["content"])
        if tag == "link" and attrs.get("rel") == "canonical":
            self.canonical = attrs.get("href")


def problems(page: pathlib.Path, relative: str):
    head = Head()
    head.feed(page.read_text(encoding="utf-8"))
    found = []
    for key in REQUIRED:
        values = head.meta.get(key, [])
        if len(values) != 1 or not values[0].strip():
            found.append(f"{key}: {values!r}, expected one non-empty value")
    url = head.meta.get("og:url", [None])[0]
    if url != head.canonical:
        found.append(f"og:url {url!r} is not the canonical URL {head.canonical!r}")
    if re.fullmatch(r"(?:[^/]+/)?announcements/[^/]+/index\.html", relative):
        if head.meta.get("og:type") != ["article"]:
            found.append("a record page's og:type is not article")
        if head.meta.get("og:description") != head.meta.get("description"):
            found.append("og:description is not the page's description")
    return found


def pages(root: pathlib.Path):
    for page in sorted(root.rglob("*.html")):
        relative = page.relative_to(root).as_posix()
        if re.fullmatch(r"(?:[a-z]{2,3}(?:-[A-Za-z0-9]+)*/)?(?:index\.html|page/\d+/index\.html"
                        r"|announcements/[^/]+/index\.html)", relative):
            yield page, relative


def main():
    failed = 0
    checked = 0
    for root in map(pathlib.Path, sys.argv[1:]):
        for page, relative in pages(root):
            checked += 1
            for problem in problems(page, relative):
                print(f"{root}/{relative}: {problem}", file=sys.stderr)
                failed += 1
    if checked == 0:
        print("no pages to check", file=sys.stderr)
        return 1
    print(f"sharing tags: {checked} pages checked")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
