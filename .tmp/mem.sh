#!/bin/bash
# mem.sh <launcher pid> <postgres data dir>: RSS and PSS of the launcher, its children, and the postgres processes
root=$1; dir=$2
pm=$(pgrep -f "postgres -D $dir" | head -1)
pids="$root $(pgrep -P $root | grep -vx "$pm" | tr '\n' ' ')"
pgp="$pm $(pgrep -P $pm | tr '\n' ' ')"
sum() { local t=0; for p in $2; do v=$(awk -v k="$1:" '$1==k{print $2}' /proc/$p/smaps_rollup 2>/dev/null); t=$((t+${v:-0})); done; echo $((t/1024)); }
echo "node: n=$(echo $pids | wc -w) rss=$(sum Rss "$pids")MB pss=$(sum Pss "$pids")MB"
echo "postgres: n=$(echo $pgp | wc -w) rss=$(sum Rss "$pgp")MB pss=$(sum Pss "$pgp")MB"
