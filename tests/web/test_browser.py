#!/usr/bin/env python3
"""The `ddz web` page in a real browser (headless Chromium through Selenium), run by ctest.

Starts `ddz web --agent heuristic --port 0`, then: loads the page for a fixed seed, bids, checks
that an illegal selection is refused with the reason before anything is sent, plays the game to
the end by clicking cards (one move typed in notation), deals the same cards again, saves screenshots of the table (web_table.png, web_result.png,
web_replay.png under --out), loads the finished game's record from a file into the replay view
and steps through it, and runs a short arena match. Usage: test_browser.py --ddz PATH --out DIR
"""
import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

WAIT = 30  # seconds for any one thing the page must show


def start_server(ddz):
    proc = subprocess.Popen([ddz, "web", "--agent", "heuristic", "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    line = proc.stdout.readline()
    if "http://" not in line:
        proc.kill()
        sys.exit(f"FAIL: ddz web did not start: {line!r}")
    url = line.split()[2]
    return proc, url


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1300,1050", "--no-proxy-server"):
        options.add_argument(arg)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def wait_for(driver, predicate, what):
    try:
        return WebDriverWait(driver, WAIT).until(lambda d: predicate(d))
    except TimeoutException:
        raise AssertionError(f"timed out waiting for {what}")


def game(driver):
    return driver.execute_script("return play.game")


def click_cards(driver, cards):
    """Selects `cards` (notation) by clicking one card of each rank in the hand."""
    used = set()
    for rank in cards:
        for card in driver.find_elements(By.CSS_SELECTOR, "#hand .card"):
            index = card.get_attribute("data-index")
            if card.get_attribute("data-rank") == rank and index not in used:
                used.add(index)
                card.click()
                break
        else:
            raise AssertionError(f"no card {rank} left to click in the hand for {cards}")


def bid(driver):
    wait_for(driver, lambda d: game(d) is not None, "the first game")
    g = game(driver)
    if g["phase"] == "bidding":
        buttons = driver.find_elements(By.CSS_SELECTOR, "#bid-buttons button[data-bid]")
        check(buttons and driver.find_element(By.ID, "bid-buttons").is_displayed(), "no bid buttons at the person's turn")
        best = max(buttons, key=lambda b: int(b.get_attribute("data-bid")))
        best.click()
        wait_for(driver, lambda d: game(d)["phase"] != "bidding", "the end of the bidding")
    g = game(driver)
    check(g["phase"] in ("play", "over"), f"after bidding the phase is {g['phase']}")
    check(g["landlord"] is not None, "no landlord after bidding")
    print(f"bidding: landlord seat {g['landlord']}, base {g['base']}")


# A phone's and a desktop's viewport: the layout must put every control within the width.
LAYOUTS = [(390, 844, "web_phone.png"), (1280, 800, "web_desktop.png")]


def layout(driver, out):
    """At each size of LAYOUTS no control (button, input, select, tab) and no card of the hand
    lies outside the viewport's width, and the page does not scroll sideways; screenshots."""
    for width, height, name in LAYOUTS:
        driver.set_window_size(width, height)
        wait_for(driver, lambda d: d.execute_script("return window.innerWidth") <= width, f"the {width} px window")
        time.sleep(0.3)
        inner = driver.execute_script("return window.innerWidth")
        outside = driver.execute_script("""
            const w = window.innerWidth, bad = [];
            for (const e of document.querySelectorAll('button, input, select, textarea, nav .tab, #hand .card')) {
              const r = e.getBoundingClientRect();
              if (r.width === 0 && r.height === 0) continue;  // not shown (another tab, hidden)
              if (r.left < -0.5 || r.right > w + 0.5)
                bad.push((e.id || e.textContent.trim().slice(0, 12) || e.className) + ' at ' + Math.round(r.left) + '..' + Math.round(r.right));
            }
            return bad;""")
        scroll = driver.execute_script("return document.documentElement.scrollWidth")
        driver.save_screenshot(os.path.join(out, name))
        check(not outside, f"at {width}x{height} controls lie outside the {inner} px viewport: {outside}")
        check(scroll <= inner, f"at {width}x{height} the page is {scroll} px wide in a {inner} px viewport")
        print(f"layout {width}x{height}: every control within {inner} px, page {scroll} px wide ({name})")
    driver.set_window_size(1300, 1050)


def thinking_state(driver):
    """While a move is in flight (setBusy(true), as act() does) every control is disabled and the
    table says the opponents are thinking; afterwards Pass and Hint are back as they were."""
    pass_before = driver.find_element(By.ID, "pass-btn").is_enabled()
    driver.execute_script("setBusy(true)")
    controls = driver.find_elements(By.CSS_SELECTOR, "#move-controls button, #move-controls input")
    check(controls and not any(c.is_enabled() for c in controls), "a control stays enabled while a move is in flight")
    check("thinking" in driver.find_element(By.ID, "table").get_attribute("class"), "the table does not show thinking")
    check("thinking" in driver.find_element(By.ID, "reason").text, "the page does not say the opponents think")
    driver.execute_script("setBusy(false)")
    check(driver.find_element(By.ID, "hint-btn").is_enabled(), "Hint stays disabled after the answer")
    check(driver.find_element(By.ID, "pass-btn").is_enabled() == pass_before, "Pass changed across the request")
    print("thinking state: controls disabled in flight, restored after")


def illegal_selection(driver):
    """Two cards of different ranks (no jokers pair) never form a combination: refused, not sent."""
    g = game(driver)
    ranks = [r for r in dict.fromkeys(g["hand"]) if r not in "XD"]
    check(len(ranks) >= 2, "the hand has fewer than two plain ranks")
    plays_before = len(g["plays"])
    click_cards(driver, ranks[0] + ranks[1])
    reason = driver.find_element(By.ID, "reason")
    wait_for(driver, lambda d: "refused" in reason.get_attribute("class"), "the refusal of an illegal selection")
    check("Not allowed" in reason.text, f"the refusal does not say why: {reason.text!r}")
    play_button = driver.find_element(By.ID, "play-btn")
    check(not play_button.is_enabled(), "Play is enabled for an illegal selection")
    driver.find_element(By.ID, "move-input").send_keys("\n")  # Enter must not send it either
    time.sleep(0.3)
    check(len(game(driver)["plays"]) == plays_before, "an illegal selection was sent")
    print(f"illegal selection {ranks[0] + ranks[1]} refused: {reason.text}")
    driver.find_element(By.ID, "clear-btn").click()


def play_to_end(driver, out):
    shot = False
    for turn in range(60):
        g = game(driver)
        if g["phase"] == "over":
            return turn
        check(g["your_turn"], "the page waits while it is not the person's turn")
        moves = [m for m in g["legal"] if m != "pass"]
        if turn == 0:
            thinking_state(driver)
            illegal_selection(driver)
        if moves and turn == 1:
            # Typed notation (lower case, spaced) selects the cards and Enter plays them.
            move = moves[0]
            box = driver.find_element(By.ID, "move-input")
            box.send_keys(" ".join(move.lower()))
            wait_for(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#hand .card.selected")) == len(move),
                     f"the typed move {move} to select its cards")
            wait_for(driver, lambda d: d.find_element(By.ID, "play-btn").is_enabled(), f"Play enabled for {move}")
            box.send_keys("\n")
            print(f"typed move {move} played")
        elif moves:
            move = max(moves, key=len)  # long moves end the game sooner
            click_cards(driver, move)
            button = driver.find_element(By.ID, "play-btn")
            wait_for(driver, lambda d: button.is_enabled(), f"Play enabled for the legal move {move}")
            check(driver.find_element(By.ID, "move-input").get_attribute("value") == move,
                  "the clicked cards are not shown in notation")
            button.click()
        else:
            driver.find_element(By.ID, "pass-btn").click()
        n = len(g["plays"])
        wait_for(driver, lambda d: len(game(d)["plays"]) > n or game(d)["phase"] == "over", "the move to be played")
        if not shot and turn >= 2 and game(driver)["phase"] == "play":
            driver.save_screenshot(os.path.join(out, "web_table.png"))
            shot = True
    raise AssertionError("the game did not end in 60 turns")


def replay(driver, record, out):
    driver.find_element(By.ID, "tab-replay").click()
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        f.write(json.dumps(record) + "\n")
        path = f.name
    try:
        driver.find_element(By.ID, "replay-file").send_keys(path)
        wait_for(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".replay-seat")) == 3, "the replay table")
    finally:
        os.unlink(path)
    steps = len(record["bids"]) + len(record["plays"])
    label = driver.find_element(By.ID, "replay-label")
    check(label.text == "deal", f"the replay does not start at the deal: {label.text!r}")
    counts = [len(s.find_elements(By.CSS_SELECTOR, ".card")) for s in driver.find_elements(By.CSS_SELECTOR, ".replay-seat")]
    check(sum(counts) in (51, 54), f"the replay does not show all hands: {counts}")
    for _ in range(steps):
        driver.find_element(By.ID, "replay-next").click()
    step = driver.find_element(By.ID, "replay-step").text
    check(step == f"step {steps} of {steps}", f"stepping forward ends at {step!r}")
    counts = [len(s.find_elements(By.CSS_SELECTOR, ".hand-small .card")) for s in driver.find_elements(By.CSS_SELECTOR, ".replay-seat")]
    check(counts[record["winner"]] == 0, f"the winner's hand is not empty at the end: {counts}")
    driver.find_element(By.ID, "replay-prev").click()
    driver.find_element(By.ID, "replay-prev").click()
    check(driver.find_element(By.ID, "replay-step").text == f"step {steps - 2} of {steps}", "stepping back failed")
    driver.save_screenshot(os.path.join(out, "web_replay.png"))
    print(f"replay: {steps} steps forward and 2 back")


def arena(driver):
    driver.find_element(By.ID, "tab-arena").click()
    deals = driver.find_element(By.ID, "arena-deals")
    # Beyond the server's cap the page says so (the browser's own validation refused silently).
    deals.clear()
    deals.send_keys("999")
    driver.find_element(By.ID, "arena-start").click()
    error = driver.find_element(By.ID, "arena-error")
    wait_for(driver, lambda d: "1 to" in error.text, "the arena's deal range error")
    deals.clear()
    deals.send_keys("3")
    driver.find_element(By.ID, "arena-start").click()
    wait_for(driver, lambda d: error.text == "", "the arena error to clear")
    state = driver.find_element(By.ID, "arena-state")
    wait_for(driver, lambda d: state.text.startswith("done"), "the arena match to finish")
    rows = driver.find_elements(By.CSS_SELECTOR, "#arena-figures tr")
    check(len(rows) == 7, f"the arena table has {len(rows)} rows, expected a header and 3 per agent")
    check("6 games" in state.text, f"the arena state does not count 6 games: {state.text!r}")
    print(f"arena: {state.text}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ddz", required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    proc, url = start_server(args.ddz)
    driver = None
    try:
        driver = browser()
        driver.get(url + "?seed=7&opponents=heuristic&bidding=1")
        wait_for(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#hand .card")) >= 17, "the hand to be drawn")
        bid(driver)
        layout(driver, args.out)
        turns = play_to_end(driver, args.out)
        result = driver.find_element(By.ID, "result")
        wait_for(driver, lambda d: result.is_displayed(), "the result")
        check("You win" in result.text or "You lose" in result.text, f"no result text: {result.text!r}")
        driver.save_screenshot(os.path.join(args.out, "web_result.png"))
        print(f"game over after {turns} turns of the person: {result.text.splitlines()[0]}")
        record = game(driver)["record"]
        # "Play this deal again" deals the same cards to a new game.
        first_id = game(driver)["id"]
        driver.find_element(By.ID, "play-again").click()
        wait_for(driver, lambda d: game(d)["id"] != first_id, "the same deal again")
        again = game(driver)
        check(again["seed"] == record["seed"], "the deal link did not keep the seed")
        check(again["phase"] == "play" or again["hand"] == record["deal"]["hands"][0],
              "the same deal again has another hand")
        replay(driver, record, args.out)
        arena(driver)
        errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
        check(not errors, f"the browser console has errors: {errors}")
    finally:
        if driver:
            driver.quit()
        proc.send_signal(signal.SIGTERM)
        code = proc.wait(timeout=20)
    check(code == 0, f"ddz web exited with {code} on SIGTERM")
    print("browser test ok; screenshots in", args.out)


if __name__ == "__main__":
    main()
