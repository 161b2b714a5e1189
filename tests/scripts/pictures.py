#!/usr/bin/env python3
"""DRAW's pictures are valid SVG, the same bytes every time, and render: each picture of
tests/golden/draw.cql's data (and lesson 15's) is written with TO, parsed as XML, drawn a
second time and compared byte for byte, and rendered to PNG with rsvg-convert (librsvg), which
fails on a broken picture. The PNGs are kept in the build folder (build/pictures) to look at.

  pictures.py CQLBOX OUTDIR"""
import os, shutil, subprocess, sys, tempfile
import xml.etree.ElementTree as ET

binary, outdir = sys.argv[1], sys.argv[2]
here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(here))
os.makedirs(outdir, exist_ok=True)
failures = []

def data_script():
    # draw.cql's statements up to its first DRAW: the data the golden draws.
    lines = []
    with open(os.path.join(root, "tests", "golden", "draw.cql"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("DRAW"):
                break
            lines.append(line)
    return "".join(lines)

pictures = {
    "ring": "DRAW RING geo.visits KEY 'Oslo', 'Москва', '東京'",
    "ring-plain": "DRAW RING",
    "partition": "DRAW PARTITION visits KEY 'Oslo'",
    "query-scan": "DRAW QUERY SELECT n FROM visits WHERE n > 4 ALLOW FILTERING",
    "query-slice": "DRAW QUERY SELECT n FROM visits WHERE city = 'Oslo' AND day >= '2024-03-02'",
}

with tempfile.TemporaryDirectory() as tmp:
    for run in (1, 2):
        script = data_script()
        for name, command in pictures.items():
            script += f"{command} TO '{tmp}/{name}-{run}.svg'\n"
        p = subprocess.run([binary, "--now", "2024-01-01 00:00:00+0000"], input=script.encode(), capture_output=True)
        if p.returncode != 0 or p.stderr:
            failures.append(f"run {run}: exit {p.returncode}, stderr {p.stderr.decode()!r}")
    for name in pictures:
        first, second = f"{tmp}/{name}-1.svg", f"{tmp}/{name}-2.svg"
        if not os.path.exists(first):
            failures.append(f"{name}: no file written")
            continue
        with open(first, "rb") as a, open(second, "rb") as b:
            if a.read() != b.read():
                failures.append(f"{name}: two runs drew different bytes")
        try:
            tree = ET.parse(first)
            if tree.getroot().tag != "{http://www.w3.org/2000/svg}svg":
                failures.append(f"{name}: root element is {tree.getroot().tag}")
        except ET.ParseError as e:
            failures.append(f"{name}: not XML: {e}")
            continue
        png = os.path.join(outdir, name + ".png")
        shutil.copy(first, os.path.join(outdir, name + ".svg"))
        r = subprocess.run(["rsvg-convert", first, "-o", png], capture_output=True)
        if r.returncode != 0 or not os.path.exists(png) or os.path.getsize(png) < 1000:
            failures.append(f"{name}: rsvg-convert failed: {r.stderr.decode()!r}")

for f in failures:
    print("FAIL:", f)
print(f"pictures: {len(pictures)} drawn, {len(failures)} failures (PNGs in {outdir})")
sys.exit(1 if failures else 0)
