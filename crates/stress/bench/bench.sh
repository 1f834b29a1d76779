#!/bin/sh
# Measures the stress harness (not part of CI; needs g++ and python3):
#  1. 500 judge-size grundy runs with --jobs 2 against a C++ solution answering in ~1 ms;
#  2. shrinking a 2,000-card 猪国杀 game against the Python wrong solution.
# Run from the workspace root: sh crates/stress/bench/bench.sh
set -eu
cargo build --release -p tabletop -p tabletop-stress --examples --bins
out=target/stress-bench
mkdir -p "$out"
g++ -O2 -o "$out/grundy" xtask/reference/grundy_dfs.cpp
python=$(python3 -c 'import sys; print(sys.executable)')
uptime
echo "== one run of the C++ solution on a judge-size input"
target/release/tabletop gen grundy --seed 3 > "$out/grundy.in"
/usr/bin/time -f "%e s" "$out/grundy" < "$out/grundy.in" > /dev/null
echo "== 500 runs, --jobs 2"
/usr/bin/time -f "%e s wall" target/release/tabletop stress grundy --runs 500 --jobs 2 -- "$out/grundy"
echo "== shrinking a 2,000-card pigs game (2 jobs)"
target/release/examples/shrink_pigs "$python" -S crates/cli/tests/wrong/pigs_keeps_hand.py
