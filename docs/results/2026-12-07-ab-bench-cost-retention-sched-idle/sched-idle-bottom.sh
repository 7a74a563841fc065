#!/usr/bin/env bash
# Experiment (issue 68): every second, put every OM's RocksDB BOTTOM-pool thread ("rocksdb:bottom") of this user's
# local clusters under SCHED_IDLE (chrt --idle), where it runs only on a CPU nothing else wants and any woken thread
# preempts it at once; RocksJava 7.7.3 can only renice it (Env#lowerThreadPoolCPUPriority: nice 19). Logs each change.
# Usage: sched-idle-bottom.sh LOG   (ends when killed)
log=$1
while true; do
  for pidfile in /tmp/abbench-interleave-*/cluster/om*/pid; do
    [[ -f "$pidfile" ]] || continue
    pid=$(cat "$pidfile" 2>/dev/null) || continue
    for task in /proc/"$pid"/task/*; do
      [[ "$(cat "$task/comm" 2>/dev/null)" == rocksdb:bottom ]] || continue
      tid=${task##*/}
      if ! chrt -p "$tid" 2>/dev/null | grep -q SCHED_IDLE; then
        chrt --idle -p 0 "$tid" && echo "$(date +%s.%N) pid $pid tid $tid: $(chrt -p "$tid" | head -1)" >> "$log"
      fi
    done
  done
  sleep 1
done
