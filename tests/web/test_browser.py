#!/usr/bin/env python3
"""The `ddz web` page in a real browser (headless Chromium through Selenium), run by ctest.

Starts `ddz web --agent heuristic --port 0 --pace-ms 300`, then: loads the page for a fixed seed,
bids, checks that an illegal selection is refused with the reason before anything is sent, plays
the game to the end by clicking cards (one move typed in notation), checking on the way that the
opponents' plays appear one at a time and that the card tracker counts the unseen cards, deals
the same cards again, plays a game against a search agent to see its explanation of a play, the
hint's table, undo and a ranked game, saves screenshots of the table (web_table.png,
web_result.png, web_explain.png, web_replay.png under --out), loads the finished game's record
from a file into the replay view and steps through it, and runs a short arena match.
Usage: test_browser.py --ddz PATH --out DIR
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
PACE_MS = 300  # the server's pause between two opponents' plays on the page


def start_server(ddz):
    proc = subprocess.Popen([ddz, "web", "--agent", "heuristic", "--port", "0", "--pace-ms", str(PACE_MS)],
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


def idle(driver):
    """The page is waiting for the person (no request in flight, no plays being revealed)."""
    wait_for(driver, lambda d: not d.execute_script("return play.busy"), "the page to be idle")


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
        straddling = fanned_corners(driver)
        check(not straddling, f"at {width}x{height} card corners stick out from under the next card: {straddling}")
        scroll = driver.execute_script("return document.documentElement.scrollWidth")
        driver.save_screenshot(os.path.join(out, name))
        check(not outside, f"at {width}x{height} controls lie outside the {inner} px viewport: {outside}")
        check(scroll <= inner, f"at {width}x{height} the page is {scroll} px wide in a {inner} px viewport")
        print(f"layout {width}x{height}: every control within {inner} px, page {scroll} px wide ({name})")
    driver.set_window_size(1300, 1050)


def fanned_corners(driver):
    """In a fanned row of cards (a hand of every rank, a 10 of each suit, drawn in the hand's and
    the small cards' styles), every corner label of a card is either wholly left of the next
    card's edge (shown) or wholly right of it (covered): none sticks out from under it (each 10
    left a red sliver)."""
    return driver.execute_script("""
        const bad = [];
        for (const cls of ['cards hand', 'cards small', 'cards backs open']) {
          const row = document.createElement('div');
          row.className = cls;
          document.querySelector('.me').appendChild(row);
          drawCards(row, 'TTTT3456789JQKA2XD');
          const cards = [...row.querySelectorAll('.card')];
          for (let i = 0; i + 1 < cards.length; i++) {
            const edge = cards[i + 1].getBoundingClientRect();
            if (Math.abs(edge.top - cards[i].getBoundingClientRect().top) > 1) continue;  // wrapped
            for (const c of cards[i].querySelectorAll('.corner')) {
              const r = c.getBoundingClientRect();
              if (r.width === 0) continue;
              if (r.left < edge.left - 0.5 && r.right > edge.left + 0.5)
                bad.push(cls + ' ' + cards[i].dataset.rank + ' ' + Math.round(r.left) + '..' + Math.round(r.right) + ' edge ' + Math.round(edge.left));
            }
          }
          row.remove();
        }
        return bad;""")


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


def start_watching_reveal(driver):
    """Records, every 20 ms, how many plays the drawn table shows while plays are revealed."""
    driver.execute_script("""
        window.revealed = [];
        window.revealTimer = setInterval(() => {
          const n = play.shown ? play.shown.plays.length : null;
          if (n !== null && window.revealed[window.revealed.length - 1] !== n) window.revealed.push(n);
        }, 20);""")


def check_reveal(driver, before, after):
    """The plays after the person's move (index before) up to `after` were drawn one at a time."""
    seen = driver.execute_script("clearInterval(window.revealTimer); return window.revealed")
    expected = list(range(before + 1, after))
    check(seen == expected, f"the opponents' plays were not shown one by one: saw {seen}, expected {expected}")
    print(f"paced plays: the table showed {seen} plays before the final {after}")


def check_tracker(driver):
    """The tracker's counts add up to the unseen cards, which the opponents hold."""
    g = game(driver)
    cells = driver.find_elements(By.CSS_SELECTOR, "#tracker .tracker-cell")
    check(len(cells) == 15, f"the tracker has {len(cells)} ranks")
    total = sum(int(c.find_element(By.CSS_SELECTOR, ".n").text) for c in cells)
    check(total == len(g["unseen"]) == g["cards_left"][1] + g["cards_left"][2],
          f"the tracker counts {total}, unseen {len(g['unseen'])}, opponents hold {g['cards_left'][1] + g['cards_left'][2]}")
    print(f"card tracker: {total} cards not seen")


def play_to_end(driver, out):
    shot = False
    paced = False
    for turn in range(60):
        idle(driver)
        g = game(driver)
        if g["phase"] == "over":
            check(paced, "no turn showed the opponents' plays one by one")
            return turn
        check(g["your_turn"], "the page waits while it is not the person's turn")
        moves = [m for m in g["legal"] if m != "pass"]
        # Once, the plays after the person's move are watched as they appear.
        watching = not paced and turn >= 2
        if watching:
            start_watching_reveal(driver)
        if turn == 0:
            thinking_state(driver)
            illegal_selection(driver)
            check_tracker(driver)
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
        after = game(driver)
        if watching:
            check_reveal(driver, n, len(after["plays"]))
            paced = len(after["plays"]) - n >= 2  # at least one opponent's play was revealed
        if not shot and turn >= 2 and game(driver)["phase"] == "play":
            driver.save_screenshot(os.path.join(out, "web_table.png"))
            shot = True
    raise AssertionError("the game did not end in 60 turns")


def search_game(driver, out):
    """A game against a search agent: "why?" on its first play shows its search (win % header,
    the rule), the hint shows a table, undo takes a move back, and a ranked game has no undo."""
    driver.find_element(By.ID, "opponents").clear()
    driver.find_element(By.ID, "opponents").send_keys("mcts:sims=30")
    driver.find_element(By.ID, "seed").clear()
    driver.find_element(By.ID, "seed").send_keys("12")
    if driver.find_element(By.ID, "bidding").is_selected():
        driver.find_element(By.ID, "bidding").click()
    driver.execute_script("document.getElementById('role').value = 'landlord_down'")
    old = game(driver)["id"]
    driver.find_element(By.ID, "new-game").click()
    wait_for(driver, lambda d: game(d)["id"] != old, "the game against mcts")
    idle(driver)
    g = game(driver)
    check(g["plays"] and g["plays"][0]["seat"] == 2, "the landlord (seat 2) did not play first")
    driver.find_element(By.CSS_SELECTOR, "#log li[data-play='0'] button.why").click()
    panel = driver.find_element(By.ID, "hint-panel")
    wait_for(driver, lambda d: "Why Seat 2" in panel.text, "the explanation of seat 2's play")
    heads = [th.text for th in panel.find_elements(By.CSS_SELECTOR, "table.search th")]
    check("win %" in heads, f"the explanation's table header has no unit: {heads}")
    check("most visited" in panel.find_element(By.CSS_SELECTOR, ".rule").text, "the explanation has no rule")
    driver.save_screenshot(os.path.join(out, "web_explain.png"))
    print(f"explanation: {panel.text.splitlines()[0]}; columns {heads}")
    driver.find_element(By.ID, "hint-btn").click()
    wait_for(driver, lambda d: "Hint from" in panel.text and panel.find_elements(By.CSS_SELECTOR, "table.search"), "the hint's table")
    undo = driver.find_element(By.ID, "undo-btn")
    check(not undo.is_enabled(), "Undo is enabled before any move")
    plays = len(g["plays"])
    if "pass" in g["legal"]:
        driver.find_element(By.ID, "pass-btn").click()
    else:
        driver.execute_script("document.getElementById('move-input').value = arguments[0]; typedSelection()",
                              g["legal"][0])
        wait_for(driver, lambda d: d.find_element(By.ID, "play-btn").is_enabled(), "Play enabled")
        driver.find_element(By.ID, "play-btn").click()
    wait_for(driver, lambda d: len(game(d)["plays"]) > plays, "the move against mcts")
    idle(driver)
    check(undo.is_enabled(), "Undo is disabled after a move")
    check(driver.execute_script("return sound.context !== null"), "no sound was made with Sound on")
    undo.click()
    wait_for(driver, lambda d: len(game(d)["plays"]) == plays, "the undo")
    idle(driver)
    check(game(driver)["undos"] == 1, "the game does not count the undo")
    print("undo: the move and the answers taken back")
    driver.find_element(By.ID, "ranked").click()
    old = game(driver)["id"]
    driver.find_element(By.ID, "new-game").click()
    wait_for(driver, lambda d: game(d)["id"] != old, "the ranked game")
    idle(driver)
    check(game(driver)["ranked"] and not undo.is_displayed(), "a ranked game shows Undo")
    driver.find_element(By.ID, "ranked").click()
    print("ranked game: no undo")


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
        check(driver.find_element(By.ID, "pace").get_attribute("value") == str(PACE_MS),
              "the page's pause is not the server's --pace-ms")
        check(not driver.find_element(By.ID, "sound-on").is_selected(), "sound is on by default")
        driver.find_element(By.ID, "sound-on").click()  # on for the game against mcts: no error may follow
        search_game(driver, args.out)
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
