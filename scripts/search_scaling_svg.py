#!/usr/bin/env python3
# Draws the search-scaling curve of scripts/search_scaling.sh: reads its arena JSON files (one per
# simulation count) and writes PREFIX.csv and PREFIX.svg (WP with 95% intervals and CPU ms per move
# against simulations on a log axis). Standard library only: the SVG is written by hand.
import glob
import json
import math
import os
import sys


def rows_of(folder):
    rows = []
    for path in glob.glob(os.path.join(folder, "sims-*.json")):
        j = json.load(open(path))
        a = j["agents"][0]
        sims = int(os.path.basename(path)[len("sims-"):-len(".json")])
        pair = j["pairs"][0]
        lo, hi = a["all"]["wp_ci95"]
        rows.append({"sims": sims, "wp": a["all"]["wp"], "wp_lo": lo, "wp_hi": hi,
                     "points": pair["paired_score"]["mean"], "p": pair["paired_score"]["p_value"],
                     "cpu_ms": a["cpu"]["mean_ms"], "deals": pair["deals"], "seed": j["seed"]})
    if not rows:
        sys.exit(f"search_scaling_svg: no sims-*.json in {folder}")
    return sorted(rows, key=lambda r: r["sims"])


def write_csv(rows, path):
    keys = ["sims", "deals", "seed", "wp", "wp_lo", "wp_hi", "points", "p", "cpu_ms"]
    with open(path + ".tmp", "w") as f:
        f.write(",".join(keys) + "\n")
        for r in rows:
            f.write(",".join(f"{r[k]:.4f}" if isinstance(r[k], float) else str(r[k]) for k in keys) + "\n")
    os.replace(path + ".tmp", path)


def write_svg(rows, path):
    w, h, left, right, top, bottom = 640, 360, 60, 60, 30, 50
    xs = [math.log2(r["sims"]) for r in rows]
    x0, x1 = min(xs) - 0.3, max(xs) + 0.3
    wp_lo = min(0.45, min(r["wp_lo"] for r in rows))
    wp_hi = max(0.60, max(r["wp_hi"] for r in rows))
    ms_hi = max(r["cpu_ms"] for r in rows) * 1.1

    def px(x):
        return left + (x - x0) / (x1 - x0) * (w - left - right)

    def py(v, lo, hi):
        return top + (1 - (v - lo) / (hi - lo)) * (h - top - bottom)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif" font-size="11">',
           f'<rect width="{w}" height="{h}" fill="white"/>',
           f'<text x="{w / 2}" y="16" text-anchor="middle">pretrained at N simulations vs pretrained-net '
           f'({rows[0]["deals"]} duplicate deals, seed {rows[0]["seed"]})</text>']
    y_half = py(0.5, wp_lo, wp_hi)
    out.append(f'<line x1="{left}" y1="{y_half:.1f}" x2="{w - right}" y2="{y_half:.1f}" stroke="#bbb" stroke-dasharray="4"/>')
    for r, x in zip(rows, xs):
        X = px(x)
        out.append(f'<line x1="{X:.1f}" y1="{py(r["wp_lo"], wp_lo, wp_hi):.1f}" x2="{X:.1f}" '
                   f'y2="{py(r["wp_hi"], wp_lo, wp_hi):.1f}" stroke="#36c"/>')
        out.append(f'<text x="{X:.1f}" y="{h - bottom + 16}" text-anchor="middle">{r["sims"]}</text>')
    wp_pts = " ".join(f'{px(x):.1f},{py(r["wp"], wp_lo, wp_hi):.1f}' for r, x in zip(rows, xs))
    ms_pts = " ".join(f'{px(x):.1f},{py(r["cpu_ms"], 0, ms_hi):.1f}' for r, x in zip(rows, xs))
    out.append(f'<polyline points="{wp_pts}" fill="none" stroke="#36c" stroke-width="2"/>')
    out.append(f'<polyline points="{ms_pts}" fill="none" stroke="#c63" stroke-width="1.5" stroke-dasharray="5,3"/>')
    for v in [wp_lo + i * (wp_hi - wp_lo) / 4 for i in range(5)]:
        out.append(f'<text x="{left - 6}" y="{py(v, wp_lo, wp_hi) + 4:.1f}" text-anchor="end">{v:.3f}</text>')
    for v in [i * ms_hi / 4 for i in range(5)]:
        out.append(f'<text x="{w - right + 6}" y="{py(v, 0, ms_hi) + 4:.1f}">{v:.0f}</text>')
    out.append(f'<text x="{w / 2}" y="{h - 10}" text-anchor="middle">simulations per move (log scale)</text>')
    out.append(f'<text x="14" y="{h / 2}" transform="rotate(-90 14 {h / 2})" text-anchor="middle" fill="#36c">'
               'WP against pretrained-net, 95% interval</text>')
    out.append(f'<text x="{w - 12}" y="{h / 2}" transform="rotate(90 {w - 12} {h / 2})" text-anchor="middle" '
               'fill="#c63">CPU ms per move (dashed)</text>')
    out.append("</svg>")
    with open(path + ".tmp", "w") as f:
        f.write("\n".join(out) + "\n")
    os.replace(path + ".tmp", path)


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: search_scaling_svg.py JSON_FOLDER OUT_PREFIX")
    rows = rows_of(sys.argv[1])
    write_csv(rows, sys.argv[2] + ".csv")
    write_svg(rows, sys.argv[2] + ".svg")


if __name__ == "__main__":
    main()
