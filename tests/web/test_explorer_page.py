"""The explorer's page in a real browser (headless Chromium, driven by Playwright): clicking
through a mutant's violation, stepping back and forward, a shared URL, the counterexample.

Without Chromium or Playwright these tests are skipped, unless RINGLEADER_REQUIRE_BROWSER is set
(.ci/run sets it after installing both): there a missing browser fails.
"""
import os
import shutil

import pytest

from checker.web.app import serving
from conftest import MUTANTS
from test_session import explorer

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
try:
    from playwright.sync_api import expect, sync_playwright
except ImportError:  # pragma: no cover - the skip below says so
    sync_playwright = None

if os.environ.get("RINGLEADER_REQUIRE_BROWSER"):
    assert CHROMIUM and sync_playwright, "RINGLEADER_REQUIRE_BROWSER is set but Chromium or Playwright is missing"
pytestmark = pytest.mark.skipif(not (CHROMIUM and sync_playwright),
                                reason="needs Chromium (apt package chromium) and Playwright (pip install playwright)")

# as the machine's notes advise: no first-run work, nothing fetched from the network
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        launched.close()


def open_page(browser, url: str):
    page = browser.new_page()
    page.set_default_timeout(20_000)
    page.goto(url)
    expect(page.locator("#where")).not_to_be_empty()
    return page


def where(page) -> str:
    return page.locator("#where").inner_text()


def property_status(page, name: str) -> str:
    return page.locator(f'#properties tr[data-property="{name}"] td').nth(1).inner_text()


def test_clicking_through_a_mutant_reaches_its_violation(browser):
    """lcr_no_terminate never decides at the non-leaders: clicking the first enabled transition
    until none is enabled ends in a state where election is marked violated."""
    with serving(explorer(os.path.join(MUTANTS, "lcr_no_terminate.py"), "--n", "3")) as url:
        page = open_page(browser, url)
        assert where(page) == "initial state"
        assert property_status(page, "election") == "pending"
        steps = 0
        while page.locator("#enabled button.choice").count():
            label = page.locator("#enabled button.choice").first.inner_text()
            page.locator("#enabled button.choice").first.click()
            steps += 1
            expect(page.locator("#steps tr")).to_have_count(steps)
            expect(page.locator("#where")).to_contain_text(f"after step {steps}")
            assert page.locator("#steps tr").nth(steps - 1).locator("td").nth(2).inner_text() in label
        assert where(page) == f"after step {steps} (terminal: no transition is enabled)"
        assert property_status(page, "election") == "violated"
        assert "terminated with undecided processes" in page.locator('#properties tr[data-property="election"]').inner_text()
        assert f"path={'.'.join(['0'] * steps)}" in page.url


@pytest.mark.slow  # a browser's seconds: the fast loop keeps the click-through above
def test_an_hs_run_steps_back_and_forward(browser):
    with serving(explorer("hs", "--n", "3")) as url:
        page = open_page(browser, url)
        seen = []
        for _ in range(3):
            page.locator("#enabled button.choice").last.click()
            expect(page.locator("#steps tr")).to_have_count(len(seen) + 1)
            seen.append(page.locator("#processes").inner_text())
        page.locator("#back").click()
        expect(page.locator("#where")).to_have_text("after step 2")
        assert page.locator("#processes").inner_text() == seen[1]
        expect(page.locator("#steps tr")).to_have_count(2)
        page.keyboard.press("ArrowLeft")
        expect(page.locator("#where")).to_have_text("after step 1")
        assert page.locator("#processes").inner_text() == seen[0]
        page.locator("#forward").click()
        page.locator("#forward").click()
        expect(page.locator("#where")).to_have_text("after step 3")
        assert page.locator("#processes").inner_text() == seen[2]
        expect(page.locator("#forward")).to_be_disabled()


@pytest.mark.slow  # a browser's seconds: the fast loop keeps the click-through above
def test_a_shared_url_shows_the_same_state(browser):
    with serving(explorer("hs", "--n", "3")) as url:
        first = open_page(browser, url)
        first.locator("#ids").fill("3,1,2")
        first.locator("#apply").click()
        expect(first.locator("#processes")).to_contain_text("p0 (id 3)")
        for k in (1, 0, 2, 0):
            count = first.locator("#steps tr").count()
            first.locator("#enabled button.choice").nth(min(k, first.locator("#enabled button.choice").count() - 1)).click()
            expect(first.locator("#steps tr")).to_have_count(count + 1)
        shared = first.url
        assert "ids=3%2C1%2C2" in shared or "ids=3,1,2" in shared
        second = open_page(browser, shared)
        expect(second.locator("#where")).to_have_text(where(first))
        for part in ("#processes", "#channels", "#steps", "#enabled", "#properties"):
            assert second.locator(part).inner_text() == first.locator(part).inner_text(), part


@pytest.mark.slow  # a browser's seconds: the fast loop keeps the click-through above
def test_jumping_to_a_lasso_marks_its_loop(browser):
    with serving(explorer(os.path.join(MUTANTS, "lcr_never_terminates.py"), "--n", "3")) as url:
        page = open_page(browser, url)
        page.locator("#counterexample").click()
        expect(page.locator("#verdict")).to_contain_text("shortest counterexample: termination")
        expect(page.locator("#loop")).to_contain_text("can repeat forever")
        assert property_status(page, "termination") == "violated"
        assert page.locator("#steps tr.loop").count() == 1
        page.locator("#back").click()
        expect(page.locator("#loop")).to_be_empty()
        page.locator("#forward").click()
        expect(page.locator("#loop")).to_contain_text("can repeat forever")


def test_a_wrong_arrangement_is_one_line_on_the_page(browser):
    with serving(explorer("lcr", "--n", "3")) as url:
        page = open_page(browser, url)
        page.locator("#ids").fill("1,1,2")
        page.locator("#apply").click()
        expect(page.locator("#error")).to_have_text("ids 1,1,2: give 3 distinct positive ids")
        assert where(page) == "initial state"
